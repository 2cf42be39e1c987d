/**
 * server/README.md's layout names every folder of server/ and every module in each room, each with
 * whose work it is (a module's is its room's), and each room's README names each of its modules,
 * so the maps cannot fall behind the code again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const server = new URL('../../server/', import.meta.url).pathname;

/** The folder boundaries.test.ts plants its forbidden imports in, and removes, while it runs. */
const lintProbe = 'lint-probe';

/** The rooms by audience, and whose work each one's modules are. */
const rooms = { patients: "patients'", console: "console's", 'partner-api': "partner API's", core: 'shared core' } as const;

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

  it('lists every folder of server/ and every module of each room, with whose work it is', () => {
    const modules = Object.keys(rooms).flatMap((room) => folders(join(server, room)).map((name) => `${room}/${name}/`));
    const expected = [...folders(server).map((name) => `${name}/`), ...modules];
    expect(expected.filter((folder) => !rows.has(folder))).toEqual([]);
    expect([...rows.keys()].filter((folder) => !expected.includes(folder))).toEqual([]);
    const misfiled = Object.entries(rooms).flatMap(([room, whose]) => [...rows].filter(([folder, said]) => folder.startsWith(`${room}/`) && said !== whose));
    expect(misfiled).toEqual([]);
  });

  it.each(Object.keys(rooms))("%s/README.md names each of the room's modules", (room) => {
    const readme = readFileSync(join(server, room, 'README.md'), 'utf8');
    const listed = new Set([...readme.matchAll(/^([\w-]+)\/ /gm)].map(([, name = '']) => name));
    expect(folders(join(server, room)).filter((name) => !listed.has(name))).toEqual([]);
  });

  it('finds a planted folder the layout does not name', () => {
    const planted = layoutRows('## Layout\n\n| folder | whose | what |\n| --- | --- | --- |\n| `db/` | shared core | the schema |\n\n## Next\n');
    expect([...planted.keys()]).toEqual(['db/']);
    expect(['db/', 'core/new-module/'].filter((folder) => !planted.has(folder))).toEqual(['core/new-module/']);
  });
});
