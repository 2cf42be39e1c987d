/**
 * The pure helpers of every form: reading what its call rejected with, and which problem each
 * field shows. The machines' shared actions (form.setup.ts) and every form's selectors use them.
 */
import type { FieldProblems, FormContext, FormRejection } from './form.types';

/**
 * What a form's call rejected with, as its machine reads it: the fields the server refused, one of
 * the form's `failures`, or (anything else) a server error.
 */
export function toFormRejection<Field extends string, Problem extends string, Failure extends string>(
  error: unknown,
  failures: readonly Failure[],
): FormRejection<Field, Problem, Failure | 'serverError'> {
  if (typeof error !== 'object' || error === null || !('code' in error)) return { code: 'serverError' };
  if (error.code === 'refused' && 'fields' in error && typeof error.fields === 'object' && error.fields !== null) {
    return { code: 'refused', fields: error.fields };
  }
  return { code: failures.find((code) => code === error.code) ?? 'serverError' };
}

/** `checked` with `field` added once. */
export const withChecked = <Field extends string>(checked: readonly Field[], field: Field): Field[] =>
  checked.includes(field) ? [...checked] : [...checked, field];

/**
 * A form's own rule of which server problems a change settles besides the one at the field
 * changed (registration: a new email settles a password refused as the email).
 */
export type Settles<Field extends string, Problem extends string> = (edited: Field, other: Field, problem: Problem) => boolean;

/** The server's problems that still hold once `edited` changed: its own goes, and each one `settles` says it settles. */
export function serverProblemsAfterEdit<Field extends string, Problem extends string>(
  problems: FieldProblems<Field, Problem>,
  fields: readonly Field[],
  edited: Field,
  settles: Settles<Field, Problem> = () => false,
): FieldProblems<Field, Problem> {
  const kept: FieldProblems<Field, Problem> = {};
  for (const field of fields) {
    const problem = problems[field];
    if (problem !== undefined && field !== edited && !settles(edited, field, problem)) kept[field] = problem;
  }
  return kept;
}

/**
 * The problem each field shows, given what the rules find in the draft (`ruleProblems`): the
 * server's, until the field changes; otherwise the rules', once the field is checked.
 */
export function shownProblems<Field extends string, Problem extends string>(
  form: Pick<FormContext<Field, Problem, string>, 'checked' | 'serverProblems'>,
  fields: readonly Field[],
  ruleProblems: FieldProblems<Field, Problem>,
): FieldProblems<Field, Problem> {
  const shown: FieldProblems<Field, Problem> = {};
  for (const field of fields) {
    const problem = form.serverProblems[field] ?? (form.checked.includes(field) ? ruleProblems[field] : undefined);
    if (problem !== undefined) shown[field] = problem;
  }
  return shown;
}

/** The first field, in the form's order, with a problem among `problems`: where the focus goes after a refusal. */
export const firstProblemField = <Field extends string>(fields: readonly Field[], problems: Partial<Record<Field, unknown>>): Field | null =>
  fields.find((field) => problems[field] !== undefined) ?? null;

/** The fields a rejection refused (none when the whole form failed). */
export const refusedFields = <Field extends string, Problem extends string>(rejection: FormRejection<Field, Problem, string>): FieldProblems<Field, Problem> =>
  'fields' in rejection ? rejection.fields : {};
