/**
 * The member forms check as the person types what the server checks again: the machines' rules
 * and the contract's request schemas must refuse the same things, for the same reason.
 */
import { emailChangeRequestSchema, memberDetailsRequestSchema } from '@contracts/member-requests';
import { emailChangeFieldProblem } from '@machines/email-change/email-change.rules';
import { memberFieldProblem } from '@machines/member/member.rules';
import { memberFields } from '@machines/member/member.types';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

/** The server's reason for refusing `field`, as it answers it (the first issue at that field), or null. */
function serverProblem(schema: v.GenericSchema, body: Record<string, string>, field: string): string | null {
  const result = v.safeParse(schema, body);
  if (result.success) return null;
  const issue = result.issues.find((candidate) => candidate.path?.[0]?.key === field);
  return issue ? issue.message : null;
}

const texts = ['', ' ', '\t\n', 'Pat', ' José ', 'e\u0301'.repeat(100), 'x'.repeat(100), 'x'.repeat(101), ' '.repeat(50) + 'x'.repeat(100), 'A\u0000', 'A\u0007B', '\u202eDoe', 'a\ud800', 'Ｐａｔ'];

describe('the name and company rules', () => {
  for (const field of memberFields) {
    it.each(texts.map((text) => [JSON.stringify(text).slice(0, 40), text] as const))(`refuse ${field} %s as the server does`, (_, text) => {
      const body = { firstName: 'Pat', lastName: 'Doe', company: '', [field]: text };
      expect(memberFieldProblem(field, text)).toBe(serverProblem(memberDetailsRequestSchema, body, field));
    });
  }
});

const addresses = [
  '',
  ' ',
  'pat.doe@example.com',
  ' New.Pat+portal@Example.co.uk ',
  'no-at-sign.example.com',
  'a@b',
  'a@b.c',
  'josé@example.com',
  'pat@exa mple.com',
  'pat..doe@example.com',
  'pat@example.com\u0000',
  `${'x'.repeat(243)}@example.com`,
  `${'x'.repeat(244)}@example.com`,
];
const passwords = ['', ' ', 'Sunrise#Demo2026', 'x'.repeat(128), 'x'.repeat(129), 'pass\u0000word', ' spaced '];

describe('the email change rules', () => {
  it.each(addresses)('refuse the new address %j as the server does', (address) => {
    const body = { newEmail: address, password: 'Sunrise#Demo2026' };
    expect(emailChangeFieldProblem('newEmail', address, '')).toBe(serverProblem(emailChangeRequestSchema, body, 'newEmail'));
  });

  it.each(passwords)('refuse the password %j as the server does', (password) => {
    const body = { newEmail: 'new.pat@example.com', password };
    expect(emailChangeFieldProblem('password', password, '')).toBe(serverProblem(emailChangeRequestSchema, body, 'password'));
  });

  it('refuse the current address, whatever its case and spaces (the server answers it at the field too)', () => {
    expect(emailChangeFieldProblem('newEmail', ' PAT.Doe@example.com ', 'pat.doe@example.com')).toBe('sameAsCurrent');
  });
});
