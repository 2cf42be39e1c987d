import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { webhookEventTypes } from '@contracts/payments-out';
import { moneyEventTypes, moneyActorKinds } from '../../db/schema';
import { postingColumns } from './posting-file';

describe('docs/payments-out.md', () => {
  const doc = readFileSync(new URL('../../../docs/payments-out.md', import.meta.url), 'utf8');

  it('describes every column of the posting file, in the file’s order', () => {
    const documented = [...doc.matchAll(/^\| `([a-z_0-9]+)` +\|/gm)].map((match) => match[1]);
    expect(documented).toEqual([...postingColumns]);
  });

  it('names every webhook event, money event type and actor', () => {
    for (const name of [...webhookEventTypes, ...moneyEventTypes, ...moneyActorKinds]) expect(doc).toContain(`\`${name}\``);
  });
});
