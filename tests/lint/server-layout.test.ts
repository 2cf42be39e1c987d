/**
 * server/README.md's layout names every folder of server/ and every module under server/modules,
 * each with whose work it is, so the map cannot fall behind the code again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const server = new URL('../../server/', import.meta.url).pathname;

/** The folder boundaries.test.ts plants its forbidden imports in, and removes, while it runs. */
const lintProbe = 'lint-probe';

const folders = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== lintProbe)
    .map((entry) => entry.name);

/** The layout's rows: the folder each names, and whose work it says it is. */
function layoutRows(readme: string): Map<string, string> {
  const start = readme.indexOf('## Layout');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  return new Map([...section.matchAll(/^\| `([^`]+\/)` \| ([^|]+) \|/gm)].map(([, folder = '', whose = '']) => [folder, whose.trim()]));
}

describe("server/README.md's layout", () => {
  const rows = layoutRows(readFileSync(join(server, 'README.md'), 'utf8'));

  it('lists every folder of server/ and every module, with whose work it is', () => {
    const expected = [...folders(server).map((name) => `${name}/`), ...folders(join(server, 'modules')).map((name) => `modules/${name}/`)];
    expect(expected.filter((folder) => !rows.has(folder))).toEqual([]);
    expect([...rows.keys()].filter((folder) => !expected.includes(folder))).toEqual([]);
    const audiences = ["patients'", "console's", "partner API's", 'shared core'];
    const modules = [...rows].filter(([folder]) => folder.startsWith('modules/') && folder !== 'modules/');
    expect(modules.filter(([, whose]) => !audiences.includes(whose))).toEqual([]);
  });

  it('finds a planted folder the layout does not name', () => {
    const planted = layoutRows('## Layout\n\n| folder | whose | what |\n| --- | --- | --- |\n| `db/` | shared core | the schema |\n\n## Next\n');
    expect([...planted.keys()]).toEqual(['db/']);
    expect(['db/', 'modules/new-room/'].filter((folder) => !planted.has(folder))).toEqual(['modules/new-room/']);
  });
});
