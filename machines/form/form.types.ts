/**
 * The one shape of a form, whatever its fields: what it keeps of them, the events a person's typing
 * sends, and what a form's call rejects with. Each form machine's context extends `FormContext`
 * and its events include `FormEvent`, so the shared actions and guards (form.setup.ts), the
 * selectors' helpers (form.rules.ts) and the one field binding of the views fit every form.
 */

/** Each field's problem, by field: only the fields that have one. */
export type FieldProblems<Field extends string, Problem extends string> = Partial<Record<Field, Problem>>;

/** What every form keeps of its fields. */
export interface FormContext<Field extends string, Problem extends string, Failure extends string> {
  /** What was typed, exactly as typed, by field. */
  draft: Record<Field, string>;
  /** Fields whose rules' problems show: left (for some forms, only once typed in), or every field after a refused submit. */
  checked: Field[];
  /** What the server refused at the last submit, by field, until that field changes. */
  serverProblems: FieldProblems<Field, Problem>;
  /** Why the whole form's call failed (said above the form), or null. */
  failure: Failure | null;
  /** Refused submits so far (by the rules or the server): each moves the focus to the first field to fix. */
  refusals: number;
}

/** The events every form takes: one vocabulary, whatever the form. */
export type FormEvent<Field extends string> =
  /** Typed into a field: the text is kept as typed. */
  | { type: 'form.edit'; field: Field; value: string }
  /** The person left a field (blur): its rules' problem may show from now on. */
  | { type: 'form.leave'; field: Field }
  /** The person sends the form (Save, Create account, Send…). */
  | { type: 'form.submit' };

/** What a form's call rejects with, as its machine reads it: a failure of the whole form, or the fields the server refused. */
export type FormRejection<Field extends string, Problem extends string, Failure extends string> =
  | { code: Failure }
  | { code: 'refused'; fields: FieldProblems<Field, Problem> };
