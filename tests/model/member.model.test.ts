import { profile } from '@machines/member/member.fixtures';
import { memberMachine } from '@machines/member/member.machine';
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
import { memberFields, type MemberDetails, type MemberProfile } from '@machines/member/member.types';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { Coverage, generateModelPaths, runModelPath, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});

// What the effects were asked to do during one path (reset before each).
let sessionsEnded = 0;

// The production machine; its actors never settle, so the model's events drive every outcome.
const machine = memberMachine.provide({
  actors: {
    loadMember: fromPromise(() => never<MemberProfile>()),
    saveDetails: fromPromise(() => never<MemberDetails>()),
    signOutEverywhere: fromPromise(() => never<unknown>()),
  },
  actions: {
    endSession: () => {
      sessionsEnded++;
    },
  },
});

type Spec = ModelSpec<typeof machine>;
type Snapshot = Parameters<Spec['assertSnapshot']>[0];

const stored: MemberDetails = { firstName: 'Pat', lastName: 'Doe', company: 'Acme Clinic' };

const spec: Spec = {
  machine,
  events: [
    { type: 'xstate.done.actor.loadMember', output: profile },
    { type: 'xstate.error.actor.loadMember', error: { code: 'network' } },
    { type: 'member.retry' },
    { type: 'member.edit', field: 'firstName', value: ' ' },
    { type: 'member.edit', field: 'firstName', value: 'Pat' },
    { type: 'member.edit', field: 'lastName', value: 'D\u0000' },
    { type: 'member.edit', field: 'lastName', value: 'Doe' },
    { type: 'member.leaveField', field: 'firstName' },
    { type: 'member.save' },
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
  serializeState: (snapshot: Snapshot) => {
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
    expect(sessionsEnded).toBe(status === 'signedOut' ? 1 : 0);
    if (context.signOutFailure !== null) expect(selectSignOutStep(snapshot)).toBe('confirming');
  },
};

const coverage = new Coverage(machine);
const paths = generateModelPaths(spec);

describe('member machine model paths', () => {
  beforeEach(() => {
    sessionsEnded = 0;
  });

  it('has paths to walk', () => {
    expect(paths.length).toBeGreaterThan(20);
  });

  for (const path of paths) {
    it(path.name, () => {
      runModelPath(spec, path, coverage);
    });
  }

  afterAll(() => {
    const { missedStates, missedTransitions } = coverage.report('member');
    expect(missedStates).toEqual([]);
    expect(missedTransitions).toEqual([]);
  });
});
