/**
 * The named actions and guards every form machine adds to its `setup`, so that a change to how
 * forms behave (what an edit keeps, when a field's problem shows, what a refusal does) is made
 * here once. A form machine extends its own setup with them:
 *
 * ```ts
 * setup({ types: { context: {} as MyContext, events: {} as MyEvent }, actions: { ...own } })
 *   .extend(formSetup<MyContext, MyEvent>(myFields))
 *   .createMachine(...)
 * ```
 *
 * and its transitions name them: `form.edit` records the edit, `form.leave` marks the field
 * checked (behind `isTypedIn` where tabbing past an empty field shows nothing), `form.submit` goes
 * on when the form's own `isDraftValid` holds or else checks every field and counts a refusal,
 * and a call's refused fields are taken at their fields (`isRefusedByServer`, `takeServerRefusals`).
 */
import { assign, type EventObject } from 'xstate';
import { serverProblemsAfterEdit, withChecked, type Settles } from './form.rules';
import type { FieldProblems, FormContext } from './form.types';

/** Any form's context, to read its field, problem and failure types from. */
type AnyFormContext = FormContext<string, string, string>;
type FieldOf<TContext extends AnyFormContext> = keyof TContext['draft'] & string;
type ProblemOf<TContext extends AnyFormContext> = NonNullable<TContext['serverProblems'][FieldOf<TContext>]>;
type FailureOf<TContext extends AnyFormContext> = NonNullable<TContext['failure']>;

/** The options of a form's shared actions. */
export interface FormActionOptions<Field extends string, Problem extends string> {
  /** Which server problems an edit settles besides the one at the field edited (none by default). */
  settles?: Settles<Field, Problem>;
}

function actionsOf<TContext extends AnyFormContext, TEvent extends EventObject>(
  fields: readonly FieldOf<TContext>[],
  { settles }: FormActionOptions<FieldOf<TContext>, ProblemOf<TContext>>,
) {
  type Field = FieldOf<TContext>;
  // Each action is typed over the form's own context (never a wider one), so a form machine takes
  // it as its own; what an action changes is the shared part of that context.
  type Change = Partial<TContext>;
  return {
    /** Keeps the text as typed; the server's problem at that field goes (and any the form says the change settles). */
    recordEdit: assign<TContext, TEvent, { field: Field; value: string }, TEvent, never>(
      ({ context }, { field, value }) =>
        ({
          draft: { ...context.draft, [field]: value },
          serverProblems: serverProblemsAfterEdit(context.serverProblems as FieldProblems<Field, ProblemOf<TContext>>, fields, field, settles),
        }) as Change,
    ),
    /** The field's rules' problem shows from now on. */
    markLeft: assign<TContext, TEvent, { field: Field }, TEvent, never>(({ context }, { field }) => ({ checked: withChecked(context.checked, field) }) as Change),
    /** Every field's rules' problem shows from now on. */
    checkAllFields: assign<TContext, TEvent, undefined, TEvent, never>(() => ({ checked: [...fields] }) as Change),
    /** Counts a refused submit: the view moves the focus to the first field to fix after each. */
    countRefusal: assign<TContext, TEvent, undefined, TEvent, never>(({ context }) => ({ refusals: context.refusals + 1 }) as Change),
    /** The server refused fields: each problem shows at its field, every field is checked, and the refusal counts. */
    takeServerRefusals: assign<TContext, TEvent, { fields: FieldProblems<Field, ProblemOf<TContext>> }, TEvent, never>(
      ({ context }, { fields: refused }) => ({ serverProblems: refused, checked: [...fields], refusals: context.refusals + 1 }) as Change,
    ),
    /** The server's problems of the last refusal go (for a form that forgets them when its call fails as a whole). */
    forgetServerRefusals: assign<TContext, TEvent, undefined, TEvent, never>(() => ({ serverProblems: {} }) as Change),
    /** The whole form's call failed: said above the form, what was typed kept. */
    keepFailure: assign<TContext, TEvent, { failure: FailureOf<TContext> | null }, TEvent, never>((_, { failure }) => ({ failure }) as Change),
    clearFailure: assign<TContext, TEvent, undefined, TEvent, never>(() => ({ failure: null }) as Change),
  };
}

/** The shared guards of every form. */
const formGuards = {
  /** The field was typed in (or is checked already): leaving it shows its problem; tabbing past an empty one does not. */
  isTypedIn: ({ context }: { context: AnyFormContext }, { field }: { field: string }) => context.draft[field] !== '' || context.checked.includes(field),
  /** The server refused fields (rather than the whole form failing). */
  isRefusedByServer: (_: unknown, rejection: { code: string }) => rejection.code === 'refused',
};

/**
 * The shared actions and guards of a form whose context is `TContext` and events `TEvent`, over
 * its `fields` in their order on the page: what `setup(...).extend` takes.
 */
export function formSetup<TContext extends AnyFormContext, TEvent extends EventObject>(
  fields: readonly FieldOf<TContext>[],
  options: FormActionOptions<FieldOf<TContext>, ProblemOf<TContext>> = {},
) {
  return { actions: actionsOf<TContext, TEvent>(fields, options), guards: formGuards };
}
