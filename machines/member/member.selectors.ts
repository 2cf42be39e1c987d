import type { SnapshotFrom } from 'xstate';
import { firstProblemField, shownProblems } from '../form/form.rules';
import type { MemberMachine } from './member.machine';
import { memberDraftProblems } from './member.rules';
import { memberFields, type MemberField, type MemberFieldProblems } from './member.types';

type MemberSnapshot = SnapshotFrom<MemberMachine>;

/** What the page shows. */
export type MemberStatus = 'loading' | 'loadFailed' | 'ready' | 'signedOut';
/** Where "sign out on every device" is. */
export type SignOutStep = 'idle' | 'confirming' | 'signingOut' | 'done';

export const selectMemberStatus = (snapshot: MemberSnapshot): MemberStatus => {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('signedOut')) return 'signedOut';
  return 'ready';
};

export const selectProfile = (snapshot: MemberSnapshot) => snapshot.context.profile;
export const selectDraft = (snapshot: MemberSnapshot) => snapshot.context.draft;
export const selectFailure = (snapshot: MemberSnapshot) => snapshot.context.failure;
export const selectSignOutFailure = (snapshot: MemberSnapshot) => snapshot.context.signOutFailure;
/** The form shows what the server stored at the last save, unchanged since. */
export const selectIsSaved = (snapshot: MemberSnapshot): boolean => snapshot.context.saved;
/** How many saves were refused so far: the view moves the focus after each. */
export const selectRefusals = (snapshot: MemberSnapshot): number => snapshot.context.refusals;
export const selectIsSaving = (snapshot: MemberSnapshot): boolean => snapshot.matches({ ready: 'saving' });

export const selectSignOutStep = (snapshot: MemberSnapshot): SignOutStep => {
  if (snapshot.matches('signedOut')) return 'done';
  if (snapshot.matches({ ready: 'signingOut' })) return 'signingOut';
  if (snapshot.matches({ ready: 'confirmingSignOut' })) return 'confirming';
  return 'idle';
};

const problemsCache = new WeakMap<MemberSnapshot['context'], MemberFieldProblems>();

/**
 * The problem each field shows: the server's, until the field is edited; otherwise the rules',
 * once the field was left or a save was refused. The same object until the context changes.
 */
export const selectFieldProblems = (snapshot: MemberSnapshot): MemberFieldProblems => {
  const { context } = snapshot;
  const cached = problemsCache.get(context);
  if (cached) return cached;
  const problems = shownProblems(context, memberFields, memberDraftProblems(context.draft));
  problemsCache.set(context, problems);
  return problems;
};

/** The first field, in the form's order, with a problem showing: where the focus goes after a refusal. */
export const selectFirstProblemField = (snapshot: MemberSnapshot): MemberField | null => firstProblemField(memberFields, selectFieldProblems(snapshot));
