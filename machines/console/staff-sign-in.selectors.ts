import type { SnapshotFrom } from 'xstate';
import { shownProblems } from '../form/form.rules';
import type { StaffSignInMachine } from './staff-sign-in.machine';
import { codeStepFields, passwordStepFields, staffSignInProblems } from './staff-sign-in.rules';
import type { StaffFieldProblem, StaffSignInField } from './staff-sign-in.types';

type Snapshot = SnapshotFrom<StaffSignInMachine>;

export const selectIsBusy = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
export const selectFailure = (snapshot: Snapshot) => snapshot.context.failure;
export const selectFactors = (snapshot: Snapshot) => snapshot.context.factors;
export const selectAsksClientCode = (snapshot: Snapshot): boolean => !snapshot.context.clientFromAddress;

/** Which step shows: the password (also while it is checked), or the second factor (also while a code or passkey is checked). */
export const selectStep = (snapshot: Snapshot): 'password' | 'secondFactor' =>
  snapshot.matches('password') || snapshot.matches('checkingPassword') || snapshot.matches('checkingStart') || snapshot.matches('enrolling') ? 'password' : 'secondFactor';

export const selectIsUsingPasskey = (snapshot: Snapshot): boolean => snapshot.matches('usingPasskey');

/** The fields the step shows, in their order. */
export const selectStepFields = (snapshot: Snapshot): readonly StaffSignInField[] =>
  selectStep(snapshot) === 'password' ? passwordStepFields(snapshot.context.clientFromAddress) : codeStepFields;

/** The problem each field of the step shows: the server's, else the rules' once checked. */
export const selectShownProblems = (snapshot: Snapshot): Partial<Record<StaffSignInField, StaffFieldProblem>> => {
  const fields = selectStepFields(snapshot);
  return shownProblems(snapshot.context, fields, staffSignInProblems(snapshot.context.draft, fields));
};
