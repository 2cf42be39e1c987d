import type { SnapshotFrom } from 'xstate';
import { firstProblemField, shownProblems } from '../form/form.rules';
import type { EmailChangeMachine } from './email-change.machine';
import { emailChangeProblems } from './email-change.rules';
import { emailChangeFields, type EmailChangeField, type EmailChangeFieldProblems } from './email-change.types';

type EmailChangeSnapshot = SnapshotFrom<EmailChangeMachine>;

/** What the page shows. */
export type EmailChangeStatus = 'form' | 'linkSent';

export const selectEmailChangeStatus = (snapshot: EmailChangeSnapshot): EmailChangeStatus =>
  snapshot.matches('linkSent') ? 'linkSent' : 'form';

export const selectDraft = (snapshot: EmailChangeSnapshot) => snapshot.context.draft;
export const selectFailure = (snapshot: EmailChangeSnapshot) => snapshot.context.failure;
export const selectSentTo = (snapshot: EmailChangeSnapshot) => snapshot.context.sentTo;
export const selectCurrentEmail = (snapshot: EmailChangeSnapshot) => snapshot.context.currentEmail;
/** How many submits were refused so far: the view moves the focus after each. */
export const selectRefusals = (snapshot: EmailChangeSnapshot): number => snapshot.context.refusals;
export const selectIsSubmitting = (snapshot: EmailChangeSnapshot): boolean => snapshot.matches('submitting');

const problemsCache = new WeakMap<EmailChangeSnapshot['context'], EmailChangeFieldProblems>();

/**
 * The problem each field shows: the server's, until the field is edited; otherwise the rules',
 * once the field was left or a submit was refused. The same object until the context changes.
 */
export const selectFieldProblems = (snapshot: EmailChangeSnapshot): EmailChangeFieldProblems => {
  const { context } = snapshot;
  const cached = problemsCache.get(context);
  if (cached) return cached;
  const problems = shownProblems(context, emailChangeFields, emailChangeProblems(context.draft, context.currentEmail));
  problemsCache.set(context, problems);
  return problems;
};

/** The first field, in the form's order, with a problem showing: where the focus goes after a refusal. */
export const selectFirstProblemField = (snapshot: EmailChangeSnapshot): EmailChangeField | null =>
  firstProblemField(emailChangeFields, selectFieldProblems(snapshot));
