import { firstProblemField } from '@machines/form/form.rules';
import type { FieldProblems, FormContext, FormEvent } from '@machines/form/form.types';
import { useSelector } from '@xstate/react';
import { useCallback, useRef, type SyntheticEvent } from 'react';
import type { ActorRef, Snapshot } from 'xstate';
import { useFocusOnRefusals } from './use-focus-on-refusal';

/** An actor of any form machine (machines/form), as a view binds it: the form it keeps and the form events it takes. */
export type FormActor<Field extends string> = Pick<
  ActorRef<Snapshot<unknown> & { context: FormContext<Field, string, string> }, FormEvent<Field>>,
  'send' | 'getSnapshot' | 'subscribe'
>;

/** What ties a `TextField` to its form's field: its name and value, typing, leaving, its problem in words and its element. */
export interface BoundField<Field extends string> {
  name: Field;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
  inputRef: (element: HTMLInputElement | null) => void;
}

interface FormFieldsOptions<Field extends string, Problem extends string> {
  /** The form's fields in their order on the page: the first to fix takes the focus. */
  fields: readonly Field[];
  /** The problem each field shows now (the form's selector: the server's, else the rules' once checked). */
  problems: FieldProblems<Field, Problem>;
  /** A problem at a field, in the reader's language. */
  message: (field: Field, problem: Problem) => string;
}

/**
 * Binds a form machine's actor to its page, the same way for every form: `field(name)` gives the
 * props of its `TextField` (what was typed, `form.edit` on typing, `form.leave` on leaving, the
 * problem shown, tied to the field for screen readers), `onSubmit` sends `form.submit` (a second
 * press while the form is on its way does nothing: the machine ignores it), and after each refused
 * submit (by the rules or the server) the first field to fix takes the focus, once the render that
 * shows its message has happened.
 */
export function useFormFields<Field extends string, Problem extends string>(
  actor: FormActor<Field>,
  { fields, problems, message }: FormFieldsOptions<Field, Problem>,
): { field: (name: Field) => BoundField<Field>; onSubmit: (event: SyntheticEvent<HTMLFormElement>) => void } {
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const refusals = useSelector(actor, (snapshot) => snapshot.context.refusals);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  useFocusOnRefusals(refusals, () => {
    const first = firstProblemField(fields, problems);
    return first === null ? null : inputs.current[first];
  });
  const onSubmit = useCallback(
    (event: SyntheticEvent<HTMLFormElement>) => {
      event.preventDefault();
      actor.send({ type: 'form.submit' });
    },
    [actor],
  );
  const field = (name: Field): BoundField<Field> => {
    const problem = problems[name];
    return {
      name,
      value: draft[name],
      onChange: (value) => actor.send({ type: 'form.edit', field: name, value }),
      onBlur: () => actor.send({ type: 'form.leave', field: name }),
      error: problem === undefined ? undefined : message(name, problem),
      inputRef: (element) => {
        inputs.current[name] = element;
      },
    };
  };
  return { field, onSubmit };
}
