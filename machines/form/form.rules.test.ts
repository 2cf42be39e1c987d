import { describe, expect, it } from 'vitest';
import { firstProblemField, refusedFields, serverProblemsAfterEdit, shownProblems, toFormRejection, withChecked } from './form.rules';

const fields = ['name', 'email', 'password'] as const;
type Field = (typeof fields)[number];
type Problem = 'required' | 'invalid' | 'sameAsEmail';

describe("a form's call rejected", () => {
  it('reads the fields the server refused', () => {
    const rejection = toFormRejection<Field, Problem, 'network'>({ code: 'refused', fields: { email: 'invalid' } }, ['network']);
    expect(rejection).toEqual({ code: 'refused', fields: { email: 'invalid' } });
    expect(refusedFields(rejection)).toEqual({ email: 'invalid' });
  });

  it('reads a failure of the whole form it knows, and anything else as a server error', () => {
    expect(toFormRejection({ code: 'network' }, ['network'])).toEqual({ code: 'network' });
    expect(toFormRejection({ code: 'tooManyRequests' }, ['network'])).toEqual({ code: 'serverError' });
    expect(toFormRejection(new TypeError('boom'), ['network'])).toEqual({ code: 'serverError' });
    expect(toFormRejection({ code: 'refused' }, ['network'])).toEqual({ code: 'serverError' });
    expect(refusedFields(toFormRejection({ code: 'network' }, ['network']))).toEqual({});
  });
});

describe('what an edit settles', () => {
  it("drops the server's problem at the field edited, and only it by default", () => {
    expect(serverProblemsAfterEdit<Field, Problem>({ name: 'required', email: 'invalid' }, fields, 'email')).toEqual({ name: 'required' });
  });

  it('drops as well what the form says the edit settles', () => {
    const settles = (edited: Field, other: Field) => edited === 'email' && other === 'password';
    expect(serverProblemsAfterEdit<Field, Problem>({ password: 'sameAsEmail', name: 'required' }, fields, 'email', settles)).toEqual({ name: 'required' });
    expect(serverProblemsAfterEdit<Field, Problem>({ password: 'sameAsEmail' }, fields, 'name', settles)).toEqual({ password: 'sameAsEmail' });
  });
});

describe('the problem each field shows', () => {
  it("shows the server's problem whatever the rules say, and the rules' only at a checked field", () => {
    const form = { checked: ['name'] as Field[], serverProblems: { password: 'sameAsEmail' } as const };
    expect(shownProblems<Field, Problem>(form, fields, { name: 'required', email: 'invalid' })).toEqual({ name: 'required', password: 'sameAsEmail' });
  });

  it('puts the focus on the first field, in the form order, that shows one', () => {
    expect(firstProblemField(fields, { password: 'required', email: 'invalid' })).toBe('email');
    expect(firstProblemField(fields, {})).toBeNull();
  });

  it('checks a field once', () => {
    expect(withChecked<Field>(['name'], 'name')).toEqual(['name']);
    expect(withChecked<Field>(['name'], 'email')).toEqual(['name', 'email']);
  });
});
