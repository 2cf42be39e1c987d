import type { SnapshotFrom } from 'xstate';
import { shownProblems } from '../form/form.rules';
import type { StaffEnrolmentMachine } from './staff-enrolment.machine';
import { codeStepFields, passwordStepFields, type StaffEnrolmentField, type StaffEnrolmentProblem } from './staff-enrolment.types';

type Snapshot = SnapshotFrom<StaffEnrolmentMachine>;

export const selectIsBusy = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
export const selectFailure = (snapshot: Snapshot) => snapshot.context.failure;
export const selectSetup = (snapshot: Snapshot) => snapshot.context.setup;
export const selectRecoveryCodes = (snapshot: Snapshot) => snapshot.context.recoveryCodes;

/** What the page shows. */
export type EnrolmentStep = 'password' | 'choosing' | 'appCode' | 'recoveryCodes' | 'linkInvalid' | 'expired';

export function selectEnrolmentStep(snapshot: Snapshot): EnrolmentStep {
  if (snapshot.matches('password') || snapshot.matches('settingPassword') || snapshot.matches('start')) return 'password';
  if (snapshot.matches('appCode') || snapshot.matches('confirmingApp')) return 'appCode';
  if (snapshot.matches('recoveryCodes') || snapshot.matches('done')) return 'recoveryCodes';
  if (snapshot.matches('linkInvalid')) return 'linkInvalid';
  if (snapshot.matches('expired')) return 'expired';
  return 'choosing';
}

/** The fields each step shows. */
export const enrolmentStepFields = (step: EnrolmentStep): readonly StaffEnrolmentField[] =>
  step === 'password' ? passwordStepFields : step === 'appCode' ? codeStepFields : [];

/** The problem each field of the step shows, given the rules' (`ruleProblems`). */
export const selectEnrolmentProblems = (
  snapshot: Snapshot,
  ruleProblems: Partial<Record<StaffEnrolmentField, StaffEnrolmentProblem>>,
): Partial<Record<StaffEnrolmentField, StaffEnrolmentProblem>> => shownProblems(snapshot.context, enrolmentStepFields(selectEnrolmentStep(snapshot)), ruleProblems);
