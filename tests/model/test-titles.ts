/**
 * Finds the titles of the tests the requirements page names, so a renamed or deleted test is
 * noticed. Apart from the page's reader because it loads the TypeScript compiler (a second of
 * start-up the charts and the coverage report need not pay).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

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

