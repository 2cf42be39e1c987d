import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { statementColumns } from './statement-columns';

describe('the statement format’s documentation', () => {
  it('lists every column of the format, whether it is required, and no column the format lacks', () => {
    const doc = readFileSync(new URL('../../../docs/statement-format.md', import.meta.url), 'utf8');
    const documented = [...doc.matchAll(/^\| `([a-z0-9_]+)` \| [^|]+ \| (yes|no) \|/gm)].map((match) => [match[1], match[2] === 'yes']);
    expect(documented).toEqual(statementColumns.map((column) => [column.name, column.required]));
  });
});
