/**
 * Each endpoint's path is written once, in its declaration in contracts/: no string in the SPA or
 * the server (tests aside, which may call a URL as a browser would) names an API path, neither
 * under /api nor as a declared path alone (`User/GetIsUserLoggedIn`). Calls, routes and download
 * addresses are built from the declarations.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { apiEndpoints } from '@contracts/api';
import { apiBase } from '@contracts/endpoint';

const root = new URL('../../', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.gen.ts') ? [path] : [];
  });
}

/** Every string literal and template text of a source (comments are not strings). */
function stringsOf(source: string, jsx = false): string[] {
  const file = ts.createSourceFile(jsx ? 'file.tsx' : 'file.ts', source, ts.ScriptTarget.Latest, false, jsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const strings: string[] = [];
  const visit = (node: ts.Node): void => {
    // A module specifier ('@/lib/api/http') names a file, not an endpoint.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isImportTypeNode(node)) return;
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) strings.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return strings;
}

const declaredPaths = apiEndpoints.map(({ endpoint }) => endpoint.path.slice(1).toLowerCase());

/** Why a string names an API path, or null. */
function apiPathIn(text: string): string | null {
  const lower = text.toLowerCase();
  // Under /api: at the start of the string, or after an origin (`http://portal.internal/api/...`).
  if (new RegExp(`(^|//[^/]+)${apiBase}(/|$)`).test(lower)) return `it is under ${apiBase}`;
  const declared = declaredPaths.find((path) => lower.includes(path));
  return declared ? `it names ${declared}` : null;
}

describe('endpoint paths are written only in their declarations', () => {
  it('finds no API path in a string of the SPA or the server', () => {
    const found = ['src', 'server'].flatMap((dir) =>
      sourceFiles(join(root, dir)).flatMap((file) =>
        stringsOf(readFileSync(file, 'utf8'), file.endsWith('x')).flatMap((text) => {
          const why = apiPathIn(text);
          return why ? [`${relative(root, file)}: '${text}' (${why})`] : [];
        }),
      ),
    );
    expect(found).toEqual([]);
  });

  it('would find one: a literal path, a path under /api, a path in a template; not one in a comment', () => {
    const source = [
      "// GET /api/User/GetUserEmail, in a comment: no string",
      "import { http } from '@/lib/api/http';",
      "http.get('User/GetIsUserLoggedIn');",
      'const url = `/api/Documents/GetStatementPdf?language=${language}`;',
      'const receipt = `${origin}/api/OnlinePayment/GetReceiptPdf?confirmationNumber=${number}`;',
      "const page = '/SUN/documents';",
    ].join('\n');
    expect(stringsOf(source).filter((text) => apiPathIn(text))).toEqual([
      'User/GetIsUserLoggedIn',
      '/api/Documents/GetStatementPdf?language=',
      '/api/OnlinePayment/GetReceiptPdf?confirmationNumber=',
    ]);
  });
});
