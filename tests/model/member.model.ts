import { profile } from '@machines/member/member.fixtures';
import { memberMachine, toMemberFailure } from '@machines/member/member.machine';
import { isMemberDraftValid, memberFieldProblem } from '@machines/member/member.rules';
import {
  selectDraft,
  selectFieldProblems,
  selectFirstProblemField,
  selectIsSaved,
  selectIsSaving,
  selectMemberStatus,
  selectSignOutStep,
} from '@machines/member/member.selectors';
import { memberFields, type MemberCallFailure, type MemberDetails, type MemberField, type MemberProfile } from '@machines/member/member.types';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { defineModel, hasCode, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});

/** How many times the session was told every session ended, during one path (reset before each). */
export const sessionsEnded = { count: 0 };

// The production machine; its actors never settle, so the model's events drive every outcome.
const machine = memberMachine.provide({
  actors: {
    loadMember: fromPromise(() => never<MemberProfile>()),
    saveDetails: fromPromise(() => never<MemberDetails>()),
    signOutEverywhere: fromPromise(() => never<unknown>()),
  },
  actions: {
    endSession: () => {
      sessionsEnded.count++;
    },
  },
});

type Spec = ModelSpec<typeof machine>;
type Snapshot = Parameters<Spec['assertSnapshot']>[0];

/** What the server stored at a save. */
const stored: MemberDetails = { firstName: 'Pat', lastName: 'Doe', company: 'Acme Clinic' };

const spec: Spec = {
  machine,
  events: [
    { type: 'xstate.done.actor.loadMember', output: profile },
    { type: 'xstate.error.actor.loadMember', error: { code: 'network' } },
    { type: 'member.retry' },
    { type: 'form.edit', field: 'firstName', value: ' ' },
    { type: 'form.edit', field: 'firstName', value: 'Pat' },
    { type: 'form.edit', field: 'lastName', value: 'D\u0000' },
    { type: 'form.edit', field: 'lastName', value: 'Doe' },
    { type: 'form.leave', field: 'firstName' },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.saveDetails', output: stored },
    { type: 'xstate.error.actor.saveDetails', error: { code: 'refused', fields: { company: 'tooLong' } } },
    { type: 'xstate.error.actor.saveDetails', error: { code: 'serverError' } },
    { type: 'member.signOutEverywhere' },
    { type: 'member.cancelSignOut' },
    { type: 'member.confirmSignOut' },
    { type: 'xstate.done.actor.signOutEverywhere', output: { endedSessions: 2 } },
    { type: 'xstate.error.actor.signOutEverywhere', error: { code: 'network' } },
  ],
  // Which text is typed matters only as far as the rules see it.
  serializeState: (snapshot) => {
    const { context } = snapshot;
    return JSON.stringify({
      value: snapshot.value,
      problems: memberFields.map((field) => memberFieldProblem(field, context.draft[field])),
      checked: [...context.checked].sort(),
      server: context.serverProblems,
      failure: context.failure,
      saved: context.saved,
      typedSince: context.submitted !== null && context.submitted !== context.draft,
      signOutFailure: context.signOutFailure,
    });
  },
  assertSnapshot: (snapshot: Snapshot) => {
    const status = selectMemberStatus(snapshot);
    const { context } = snapshot;
    expect(snapshot.hasTag('busy')).toBe(status === 'loading' || selectIsSaving(snapshot) || selectSignOutStep(snapshot) === 'signingOut');
    if (status === 'ready' || status === 'signedOut') expect(context.profile).not.toBeNull();
    if (status === 'loadFailed') expect(context.failure).not.toBeNull();
    // Only what the server stored is called saved, and a draft is sent only when it keeps the rules.
    if (selectIsSaved(snapshot)) {
      expect(context.profile).toMatchObject(selectDraft(snapshot));
      expect(context.serverProblems).toEqual({});
    }
    if (selectIsSaving(snapshot)) expect(context.submitted !== null && isMemberDraftValid(context.submitted)).toBe(true);
    // A problem shows only where the field was left, a save was refused, or the server said so.
    for (const field of memberFields) {
      const shown = selectFieldProblems(snapshot)[field];
      if (shown !== undefined && context.serverProblems[field] === undefined) expect(context.checked).toContain(field);
    }
    const first = selectFirstProblemField(snapshot);
    if (first !== null) expect(selectFieldProblems(snapshot)[first]).toBeDefined();
    // The session is told exactly when the server ended every session.
    expect(sessionsEnded.count).toBe(status === 'signedOut' ? 1 : 0);
    if (context.signOutFailure !== null) expect(selectSignOutStep(snapshot)).toBe('confirming');
  },
};

const fieldNames: Record<MemberField, string> = { firstName: 'first name', lastName: 'last name', company: 'company' };

/** A typed value in words: what the rules make of it, and the text when it is plain. */
function typed(field: MemberField, value: string): string {
  const problem = memberFieldProblem(field, value);
  if (problem === 'required') return `Clears the ${fieldNames[field]} (only a space left)`;
  if (problem === 'invalidCharacters') return `Types a ${fieldNames[field]} with a control character`;
  return `Types "${value}" as the ${fieldNames[field]}`;
}

/** A failed call in words, with its code. */
function failed(call: string, error: unknown): string {
  const failure: MemberCallFailure = toMemberFailure(error);
  if (failure.code === 'refused') {
    const fields = Object.entries(failure.fields).map(([field, problem]) => `${fieldNames[field as MemberField]} (${problem})`);
    return `The server refuses the ${fields.join(', ')}`;
  }
  const reasons = { network: 'the network is down', serverError: 'the server fails', notSignedIn: 'the session has ended' } as const;
  return `${call} fails: ${hasCode(error) ? reasons[failure.code] : 'an unexpected error, read as the server failing'} (${failure.code})`;
}

/** The member information page. */
export const memberModel = defineModel({
  name: 'member',
  title: 'Member information',
  machine,
  variants: [{ name: 'the page opened by pat.doe', spec }],
  reset: () => {
    sessionsEnded.count = 0;
  },
  describeEvent: (event) => {
    switch (event.type) {
      case 'xstate.done.actor.loadMember':
        return `The information of ${(event.output as MemberProfile).email} loads`;
      case 'xstate.error.actor.loadMember':
        return failed('Loading', event.error);
      case 'member.retry':
        return 'Chooses Try again';
      case 'form.edit':
        return typed(event.field, event.value);
      case 'form.leave':
        return `Leaves the ${fieldNames[event.field]} field`;
      case 'form.submit':
        return 'Chooses Save';
      case 'xstate.done.actor.saveDetails': {
        const details = event.output as MemberDetails;
        return `The server stores ${details.firstName} ${details.lastName} of ${details.company}`;
      }
      case 'xstate.error.actor.saveDetails':
        return failed('Saving', event.error);
      case 'member.signOutEverywhere':
        return 'Chooses Sign out on every device';
      case 'member.cancelSignOut':
        return 'Cancels signing out everywhere';
      case 'member.confirmSignOut':
        return 'Confirms signing out everywhere';
      case 'xstate.done.actor.signOutEverywhere':
        return 'The server ends every session of the user';
      case 'xstate.error.actor.signOutEverywhere':
        return failed('Signing out everywhere', event.error);
      default:
        return event.type;
    }
  },
});
