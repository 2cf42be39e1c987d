/**
 * Reads `docs/requirements.md`: the requirements with their ids and groups, the ones checked by a
 * named test outside the machines, and the ones not built yet.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One requirement of the page. */
export interface Requirement {
  id: string;
  /** The heading of its group, e.g. "Session (SES)". */
  group: string;
  text: string;
}

/** A requirement checked by a test that is not a model path. */
export interface CheckedOutside {
  id: string;
  kind: 'end-to-end' | 'server' | 'script';
  /** The test's title as written in its file (template placeholders included), or the script's name. */
  test: string;
}

export interface RequirementsPage {
  requirements: Requirement[];
  checkedOutside: CheckedOutside[];
  notBuilt: { id: string; waitsFor: string }[];
}

/** Where the page is, from the repository's root. */
export const requirementsPath = 'docs/requirements.md';

const idPattern = /^[A-Z]+-\d+$/;

function cells(line: string): string[] {
  return line
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

/** Parses the page: its tables of requirements, and the two lists at its end. */
export function parseRequirements(markdown: string): RequirementsPage {
  const page: RequirementsPage = { requirements: [], checkedOutside: [], notBuilt: [] };
  let section = '';
  for (const line of markdown.split('\n')) {
    if (line.startsWith('## ')) {
      section = line.slice(3).trim();
      continue;
    }
    if (!line.startsWith('|')) continue;
    const [id = '', second = '', third = ''] = cells(line);
    if (!idPattern.test(id)) continue;
    if (section === 'Checked outside the machines') {
      if (second !== 'end-to-end' && second !== 'server' && second !== 'script') throw new Error(`${id}: unknown kind of test "${second}"`);
      page.checkedOutside.push({ id, kind: second, test: third });
    } else if (section === 'Not built yet') {
      page.notBuilt.push({ id, waitsFor: second });
    } else {
      page.requirements.push({ id, group: section, text: second });
    }
  }
  return page;
}

/** Reads and parses the page from the repository at `root`. */
export function readRequirements(root: string): RequirementsPage {
  return parseRequirements(readFileSync(join(root, requirementsPath), 'utf8'));
}

/** The scripts of the repository's package.json. */
export function scriptsOf(root: string): Set<string> {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  return new Set(Object.keys(manifest.scripts ?? {}));
}
