/**
 * Reads `docs/requirements.md`: the requirements with their ids and groups, the ones checked by a
 * named test outside the machines, and the ones not built yet. Also finds the titles of the tests
 * that page names, so a renamed or deleted test is noticed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

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

function filesUnder(folder: string, suffix: RegExp): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && suffix.test(entry.name) && !entry.parentPath.includes('node_modules'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The titles of the tests (and groups) declared in a file, as written (template placeholders kept). */
export function testTitles(source: string, fileName = 'test.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const titles: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(file);
      const [first] = node.arguments;
      if (/^(test|it|describe)(\.(describe|only|skip|fixme|serial|each\(.*\)))*$/s.test(callee) && first) {
        if (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)) titles.push(first.text);
        else if (ts.isTemplateExpression(first)) titles.push(first.getText(file).slice(1, -1));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return titles;
}

/** Every test title of one kind in the repository at `root`. */
export function titlesOf(root: string, kind: 'end-to-end' | 'server'): Set<string> {
  const files = kind === 'end-to-end' ? filesUnder(join(root, 'tests/e2e'), /\.spec\.ts$/) : filesUnder(join(root, 'server'), /\.test\.ts$/);
  return new Set(files.flatMap((path) => testTitles(readFileSync(path, 'utf8'), path)));
}

/** The scripts of the repository's package.json. */
export function scriptsOf(root: string): Set<string> {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  return new Set(Object.keys(manifest.scripts ?? {}));
}
