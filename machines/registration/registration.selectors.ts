import type { SnapshotFrom } from 'xstate';
import { shownProblems } from '../form/form.rules';
import type { RegistrationMachine } from './registration.machine';
import { registrationFields, type RegistrationFieldErrors } from './registration.types';

type RegistrationSnapshot = SnapshotFrom<RegistrationMachine>;

/** Which page the registration shows: the form (also while sending) or "email on its way". */
export const selectRegistrationStatus = (snapshot: RegistrationSnapshot): 'form' | 'sent' => (snapshot.matches('sent') ? 'sent' : 'form');
export const selectIsBusy = (snapshot: RegistrationSnapshot): boolean => snapshot.hasTag('busy');
export const selectDraft = (snapshot: RegistrationSnapshot) => snapshot.context.draft;
export const selectFailure = (snapshot: RegistrationSnapshot) => snapshot.context.failure;
export const selectRefusals = (snapshot: RegistrationSnapshot) => snapshot.context.refusals;
export const selectSentTo = (snapshot: RegistrationSnapshot) => snapshot.context.sentTo;

/**
 * The errors the form shows now, given what the rules find in the draft (`ruleErrors`): the
 * server's answer at a field first, else the rules' error of a field already checked.
 */
export const selectShownErrors = (snapshot: RegistrationSnapshot, ruleErrors: RegistrationFieldErrors): RegistrationFieldErrors =>
  shownProblems(snapshot.context, registrationFields, ruleErrors);
