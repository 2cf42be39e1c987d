/**
 * The endpoints the SPA calls, read from its source: every declaration it imports from a
 * `@contracts/<area>-endpoints` module (named, or through a namespace import and used as
 * `area.name`), outside its tests.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EndpointDeclaration } from '@contracts/endpoint';

const srcDir = new URL('../../src/', import.meta.url).pathname;
const contractsDir = new URL('../../contracts/', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `module#name` of each declaration the SPA uses. */
export function declarationsTheSpaUses(): { module: string; name: string; file: string }[] {
  const used: { module: string; name: string; file: string }[] = [];
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    for (const [, namespace, module] of text.matchAll(/import \* as (\w+) from '@contracts\/([\w-]+-endpoints)'/g)) {
      for (const [, name] of text.matchAll(new RegExp(`\\b${namespace ?? ''}\\.(\\w+)`, 'g'))) used.push({ module: module ?? '', name: name ?? '', file });
    }
    for (const [, names, module] of text.matchAll(/import \{([^}]+)\} from '@contracts\/([\w-]+-endpoints)'/g)) {
      for (const part of (names ?? '').split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0]?.trim();
        if (name && !name.startsWith('type ')) used.push({ module: module ?? '', name, file });
      }
    }
  }
  return used;
}

/** The declaration a module of contracts/ exports under that name, if it is one. */
export async function declarationOf(module: string, name: string): Promise<EndpointDeclaration | undefined> {
  const exports = (await import(join(contractsDir, `${module}.ts`))) as Record<string, unknown>;
  const value = exports[name];
  return typeof value === 'object' && value !== null && 'path' in value && 'method' in value ? (value as EndpointDeclaration) : undefined;
}
