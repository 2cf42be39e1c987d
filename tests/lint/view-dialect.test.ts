/**
 * Views speak one dialect, in the patients' app and in the console alike (CONVENTIONS.md, "Views
 * and routes"): a view reads a snapshot through a named selector (the machine's `.selectors.ts`),
 * never an inline function, and sends events through named functions (a `use…Events` hook in a
 * `.ts` file beside it), never `actor.send(...)` itself. A console view also neither fetches nor
 * keeps a timer: calls and time belong to its screen's machine; nor does it decide from a staff
 * role what may be done (src/console/staff-allowances.ts computes that once). Each rule is proven on planted
 * samples, then held over every view.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { staffRoles } from '@contracts/console';

const root = new URL('../../', import.meta.url).pathname;

function views(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

const isFunction = (node: ts.Node | undefined) => node !== undefined && (ts.isArrowFunction(node) || ts.isFunctionExpression(node));
const calledName = (call: ts.CallExpression): string | null => {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return null;
};

/** Walks a view's syntax tree: `check` gives each node's problems, each said with its line. */
function walk(source: string, check: (node: ts.Node) => string[]): string[] {
  const file = ts.createSourceFile('view.tsx', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const problems: string[] = [];
  const visit = (node: ts.Node): void => {
    for (const problem of check(node)) problems.push(`line ${String(file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1)}: ${problem}`);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return problems;
}

/** What a view does that views do not: an inline selector, a raw send. */
function dialectProblems(source: string): string[] {
  return walk(source, (node) => {
    if (!ts.isCallExpression(node)) return [];
    const name = calledName(node);
    if (name === 'useSelector' && isFunction(node.arguments[1])) return ["useSelector with an inline function (name it in the machine's .selectors.ts)"];
    if (name === 'send' && ts.isPropertyAccessExpression(node.expression)) return ['a raw .send( (give the view a named function from a use…Events hook)'];
    return [];
  });
}

const timers = new Set(['setInterval', 'setTimeout']);

/** What a console view does that belongs to its screen's machine: a call to the API, a timer. */
function effectProblems(source: string): string[] {
  return walk(source, (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = node.moduleSpecifier.text;
      if (from === 'ky' || from === '@/lib/api/http' || /-endpoints$/.test(from)) return [`imports the HTTP client or its endpoints (${from})`];
      // A screen's calls live in its *-api.ts; a view takes only the addresses (…Url) it links to.
      // (The partner API's contracts are types and constants, not calls.)
      if (from.startsWith('@contracts/') || !/-api$/.test(from)) return [];
      const names = node.importClause?.namedBindings && ts.isNamedImports(node.importClause.namedBindings) ? node.importClause.namedBindings.elements.map((element) => element.name.text) : ['*'];
      const calls = names.filter((name) => !name.endsWith('Url'));
      return calls.length > 0 ? [`imports the calls ${calls.join(', ')} from ${from}`] : [];
    }
    if (!ts.isCallExpression(node)) return [];
    const name = calledName(node);
    if (name === 'fetch') return ['calls fetch'];
    if (name !== null && timers.has(name)) return [`keeps a timer (${name}: give the machine a delayed transition)`];
    return [];
  });
}

const problemsOf = (files: string[], check: (source: string) => string[]) =>
  files.flatMap((path) => check(readFileSync(join(root, path), 'utf8')).map((problem) => `${path}: ${problem}`));

describe('a view reads named selectors and sends through named functions', () => {
  it('finds the planted inline selector and raw sends', () => {
    const planted = [
      "const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));",
      'const draft = useSelector(actor, function (snapshot) { return snapshot.context.draft; });',
      "<button onClick={() => actor.send({ type: 'staff.confirm' })} />;",
      "props.actor.send({ type: 'x' });",
    ].join('\n');
    expect(dialectProblems(planted)).toEqual([
      expect.stringMatching(/^line 1: useSelector with an inline function/),
      expect.stringMatching(/^line 2: useSelector with an inline function/),
      expect.stringMatching(/^line 3: a raw \.send\(/),
      expect.stringMatching(/^line 4: a raw \.send\(/),
    ]);
  });

  it('lets named selectors and events hooks through', () => {
    const clean = "const busy = useSelector(actor, selectIsBusy);\nconst { confirm } = useStaffAdminEvents(actor);\n<button onClick={confirm} />;";
    expect(dialectProblems(clean)).toEqual([]);
  });

  it('holds in every view of the patients and of the console', () => {
    const files = [...views('src/features'), ...views('src/console')];
    expect(files.length).toBeGreaterThan(20);
    expect(problemsOf(files, dialectProblems)).toEqual([]);
  });
});

describe('a console view neither fetches nor keeps a timer', () => {
  it('finds the planted calls and timers', () => {
    const planted = [
      "import { getImportReport, importProblemsCsvUrl } from './office-api';",
      "import ky from 'ky';",
      'useEffect(() => { const timer = window.setInterval(refresh, 1500); return () => window.clearInterval(timer); }, []);',
      'setTimeout(done, 10);',
      "void fetch('/x');",
    ].join('\n');
    expect(effectProblems(planted)).toEqual([
      'line 1: imports the calls getImportReport from ./office-api',
      'line 2: imports the HTTP client or its endpoints (ky)',
      expect.stringMatching(/^line 3: keeps a timer \(setInterval/),
      expect.stringMatching(/^line 4: keeps a timer \(setTimeout/),
      'line 5: calls fetch',
    ]);
  });

  it('lets the addresses a view links to through, and the contracts’ types and constants', () => {
    expect(effectProblems("import { auditCsvUrl } from './office-api';\n<a href={auditCsvUrl({})} />;")).toEqual([]);
    expect(effectProblems("import { apiKeyScopes, type ApiKeyScope } from '@contracts/partner-api';")).toEqual([]);
  });

  it('holds in every console view', () => {
    const files = views('src/console');
    expect(files.length).toBeGreaterThan(10);
    expect(problemsOf(files, effectProblems)).toEqual([]);
  });
});

/** A role decision in a view: a staff role compared with one of the roles' names. */
function roleProblems(source: string): string[] {
  const roles: readonly string[] = staffRoles;
  return walk(source, (node) => {
    if (!ts.isBinaryExpression(node)) return [];
    const operator = node.operatorToken.kind;
    if (operator !== ts.SyntaxKind.EqualsEqualsEqualsToken && operator !== ts.SyntaxKind.ExclamationEqualsEqualsToken) return [];
    const named = [node.left, node.right].find((side) => ts.isStringLiteral(side) && roles.includes(side.text));
    return named ? [`decides from the role (${named.getText()}): read the staff member's allowances`] : [];
  });
}

describe('a console view decides nothing from a staff role', () => {
  it('finds the planted role decisions', () => {
    const planted = ["const canEdit = role === 'officeAdmin';", "{session.role !== 'readOnly' ? <Upload /> : null}", "if ('billingStaff' === member.role) refund();"].join('\n');
    expect(roleProblems(planted)).toEqual([
      expect.stringMatching(/^line 1: decides from the role \('officeAdmin'\)/),
      expect.stringMatching(/^line 2: decides from the role \('readOnly'\)/),
      expect.stringMatching(/^line 3: decides from the role \('billingStaff'\)/),
    ]);
  });

  it('lets a comparison of two members’ roles and a read allowance through', () => {
    expect(roleProblems('if (seen.role !== row.role) reset();\n{may.refund ? <Refund /> : null}')).toEqual([]);
  });

  it('holds in every console view', () => {
    expect(problemsOf(views('src/console'), roleProblems)).toEqual([]);
  });
});
