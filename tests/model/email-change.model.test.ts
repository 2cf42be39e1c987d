import { emailChangeMachine } from '@machines/email-change/email-change.machine';
import { emailChangeProblems } from '@machines/email-change/email-change.rules';
import {
  selectDraft,
  selectEmailChangeStatus,
  selectFieldProblems,
  selectIsSubmitting,
  selectSentTo,
} from '@machines/email-change/email-change.selectors';
import { emailChangeFields } from '@machines/email-change/email-change.types';
import { emailConfirmationMachine } from '@machines/email-change/email-confirmation.machine';
import { selectChangedTo, selectConfirmationFailure, selectConfirmationStatus } from '@machines/email-change/email-confirmation.selectors';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { Coverage, generateModelPaths, runModelPath, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});
const currentEmail = 'pat.doe@example.com';

// What the effects were asked to do during one path (reset before each).
const effects = { forgotten: 0, refreshed: 0, successShown: 0 };

// The production machines; their actors never settle, so the model's events drive every outcome.
const machine = emailChangeMachine.provide({
  actors: { requestEmailChange: fromPromise(() => never<{ newEmail: string }>()) },
});
const confirmation = emailConfirmationMachine.provide({
  actors: { confirmEmailChange: fromPromise(() => never<{ email: string }>()) },
  actions: {
    forgetToken: () => {
      effects.forgotten++;
    },
    refreshSession: () => {
      effects.refreshed++;
    },
    showSuccess: () => {
      effects.successShown++;
    },
  },
});

type Spec = ModelSpec<typeof machine>;
type Snapshot = Parameters<Spec['assertSnapshot']>[0];
type ModelEvent = Exclude<Spec['events'], (snapshot: Snapshot) => unknown>[number];

const requestEvents: ModelEvent[] = [
  { type: 'emailChange.edit', field: 'newEmail', value: 'PAT.DOE@example.com' },
  { type: 'emailChange.edit', field: 'newEmail', value: 'new.pat@example.com' },
  { type: 'emailChange.edit', field: 'password', value: '' },
  { type: 'emailChange.edit', field: 'password', value: 'Sunrise#Demo2026' },
  { type: 'emailChange.leaveField', field: 'newEmail' },
  { type: 'emailChange.submit' },
  { type: 'xstate.done.actor.requestEmailChange', output: { newEmail: 'new.pat@example.com' } },
  { type: 'xstate.error.actor.requestEmailChange', error: { code: 'refused', fields: { password: 'wrongPassword' } } },
  { type: 'xstate.error.actor.requestEmailChange', error: { code: 'tooManyRequests' } },
  { type: 'emailChange.startOver' },
];


function serializeState(snapshot: Snapshot): string {
  const { context } = snapshot;
  return JSON.stringify({
    value: snapshot.value,
    problems: emailChangeProblems(context.draft, context.currentEmail),
    checked: [...context.checked].sort(),
    server: context.serverProblems,
    failure: context.failure,
    sent: context.sentTo !== null,
  });
}

function assertSnapshot(snapshot: Snapshot): void {
  const status = selectEmailChangeStatus(snapshot);
  const { context } = snapshot;
  expect(snapshot.hasTag('busy')).toBe(selectIsSubmitting(snapshot));
  // Only a draft that keeps the rules is sent.
  if (selectIsSubmitting(snapshot)) expect(emailChangeProblems(context.draft, context.currentEmail)).toEqual({});
  // Once the link is sent the password is gone, and the page names the address.
  if (status === 'linkSent') {
    expect(selectSentTo(snapshot)).not.toBeNull();
    expect(selectDraft(snapshot).password).toBe('');
  }
  for (const field of emailChangeFields) {
    if (selectFieldProblems(snapshot)[field] !== undefined && context.serverProblems[field] === undefined) {
      expect(context.checked).toContain(field);
    }
  }
}

const spec: Spec = { machine, input: { currentEmail }, events: requestEvents, serializeState, assertSnapshot };
const coverage = new Coverage(machine);
const paths = generateModelPaths(spec);

describe('email change machine model paths', () => {
  it('has paths to walk', () => {
    expect(paths.length).toBeGreaterThan(20);
  });

  for (const path of paths) {
    it(path.name, () => {
      runModelPath(spec, path, coverage);
    });
  }

  afterAll(() => {
    const { missedStates, missedTransitions } = coverage.report('email change');
    expect(missedStates).toEqual([]);
    expect(missedTransitions).toEqual([]);
  });
});

type ConfirmationSpec = ModelSpec<typeof confirmation>;
type ConfirmationSnapshot = Parameters<ConfirmationSpec['assertSnapshot']>[0];

const confirmationSpec: ConfirmationSpec = {
  machine: confirmation,
  input: { token: 'T'.repeat(43) },
  events: [
    { type: 'xstate.done.actor.confirmEmailChange', output: { email: 'new.pat@example.com' } },
    { type: 'xstate.error.actor.confirmEmailChange', error: { code: 'linkInvalid' } },
    { type: 'xstate.error.actor.confirmEmailChange', error: { code: 'network' } },
    { type: 'emailConfirmation.retry' },
  ],
  assertSnapshot: (snapshot: ConfirmationSnapshot) => {
    const status = selectConfirmationStatus(snapshot);
    expect(snapshot.hasTag('busy')).toBe(status === 'confirming');
    // The token is forgotten once the link has worked or failed for good, and only then.
    expect(effects.forgotten).toBe(status === 'confirmed' || status === 'linkFailed' ? 1 : 0);
    // The session learns the new address and the success screen shows only after a change.
    expect(effects.successShown).toBe(status === 'confirmed' ? 1 : 0);
    expect(effects.refreshed).toBe(status === 'confirmed' ? 1 : 0);
    expect(selectChangedTo(snapshot) !== null).toBe(status === 'confirmed');
    expect(selectConfirmationFailure(snapshot) !== null).toBe(status === 'confirmFailed');
  },
};
const confirmationCoverage = new Coverage(confirmation);
const confirmationPaths = generateModelPaths(confirmationSpec);

describe('email confirmation machine model paths', () => {
  beforeEach(() => {
    effects.forgotten = 0;
    effects.refreshed = 0;
    effects.successShown = 0;
  });

  for (const path of confirmationPaths) {
    it(path.name, () => {
      runModelPath(confirmationSpec, path, confirmationCoverage);
    });
  }

  afterAll(() => {
    const { missedStates, missedTransitions } = confirmationCoverage.report('email confirmation');
    expect(missedStates).toEqual([]);
    expect(missedTransitions).toEqual([]);
  });
});
