/**
 * The maps a newcomer reads stay short and stay true: README.md is at most 250 lines and opens
 * with the set-up, then the two commands; every relative link of README.md, docs/ and
 * server/README.md reaches a file that exists, and its #anchor a heading of that file.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** The text outside fenced code blocks. */
function unfenced(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** The text outside code, where a link is a link. */
function prose(markdown: string): string {
  return unfenced(markdown).replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchors for a file's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading = ''] of unfenced(markdown).replace(/`([^`\n]*)`/g, '$1').matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const slug = heading.toLowerCase().replace(/[^\p{L}\p{N}\p{M} _-]/gu, '').replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${String(count)}`);
  }
  return anchors;
}

/** The relative links of a Markdown file that lead nowhere, each as `target: why`. */
function brokenLinks(file: string, markdown: string, read: (path: string) => string | undefined): string[] {
  const broken: string[] = [];
  for (const [, target = ''] of prose(markdown).matchAll(/!?\[[^\]]*\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
    const [path = '', anchor] = target.split('#');
    const resolved = path === '' ? file : join(dirname(file), decodeURIComponent(path));
    const text = read(resolved);
    if (text === undefined) {
      broken.push(`${target}: no such file`);
      continue;
    }
    if (anchor !== undefined && anchor !== '' && !headingAnchors(text).has(anchor)) broken.push(`${target}: no heading #${anchor}`);
  }
  return broken;
}

/** A file's text ('' for a folder), or undefined when nothing is there. */
function readFromDisk(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  return statSync(path).isDirectory() ? '' : readFileSync(path, 'utf8');
}

describe('the maps a newcomer reads', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');

  it('keeps README.md to at most 250 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
  });

  it('opens README.md with the set-up on a fresh machine, then the two commands', () => {
    const sections = [...prose(readme).matchAll(/^(#{1,6}) (.+)$/gm)].map(([, hashes = '', title = '']) => `${hashes} ${title}`);
    expect(sections[0]).toMatch(/^# /);
    expect(sections[1]).toMatch(/^## Set-up on a fresh Debian machine$/);
    expect(sections[2]).toBe('## The two commands');
    const twoCommands = readme.slice(readme.indexOf('## The two commands'), readme.indexOf('\n## ', readme.indexOf('## The two commands')));
    expect(twoCommands).toMatch(/^npm start\b.*http:\/\/localhost:8080/m);
    expect(twoCommands).toMatch(/^npm test\b/m);
  });

  it('points README.md at the index of docs/, and the index at every page in docs/', () => {
    expect(readme).toContain('](docs/README.md)');
    const index = readFileSync(join(root, 'docs/README.md'), 'utf8');
    const pages = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md') && name !== 'README.md');
    expect(pages.filter((name) => !index.includes(`](${name})`))).toEqual([]);
  });

  it('has no relative link in README.md, docs/ or server/README.md that leads nowhere', () => {
    const files = [join(root, 'README.md'), join(root, 'server/README.md'), ...markdownFiles(join(root, 'docs'))];
    const broken = files.flatMap((file) => brokenLinks(file, readFileSync(file, 'utf8'), readFromDisk).map((why) => `${relative(root, file)}: ${why}`));
    expect(broken).toEqual([]);
  });

  it('finds a planted link to a missing file and one to a missing heading, and passes good ones', () => {
    const files = new Map([
      ['/r/docs/a.md', '# A\n\n## Database roles (PostgreSQL)\n\n## What `npm test` runs\n\n## Twice\n\n## Twice\n'],
      ['/r/README.md', '# R\n'],
    ]);
    const page = [
      '[ok](a.md#database-roles-postgresql) [ok](a.md#what-npm-test-runs) [ok](a.md#twice-1) [ok](../README.md)',
      '[ok](https://example.org/x#y) [self](#not-here) [gone](b.md) [gone](a.md#twice-2)',
      '`[code](nowhere.md)`',
      '```md\n[fenced](nowhere.md)\n```',
    ].join('\n');
    expect(brokenLinks('/r/docs/a.md', page, (path) => files.get(path))).toEqual(['#not-here: no heading #not-here', 'b.md: no such file', 'a.md#twice-2: no heading #twice-2']);
  });
});
