/**
 * Model paths of registering and activating, generated from the production machines: the
 * registration form (with the app's own rules as its guard), the activation link's page, and
 * "send the link again".
 */
import { activationMachine } from '@machines/registration/activation.machine';
import { selectActivationFailure, selectActivationStatus, selectIsResending, selectResendFailure, selectResendStatus } from '@machines/registration/activation.selectors';
import { registrationMachine } from '@machines/registration/registration.machine';
import {
  selectDraft,
  selectFailure,
  selectIsBusy,
  selectRefusals,
  selectRegistrationStatus,
  selectSentTo,
  selectShownErrors,
} from '@machines/registration/registration.selectors';
import type { RegistrationDraft, RegistrationField } from '@machines/registration/registration.types';
import { resendActivationMachine } from '@machines/registration/resend-activation.machine';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { isDraftValid, registrationErrors } from '@/features/registration/registration-rules';
import { Coverage, generateModelPaths, runModelPath, type ModelSpec } from './harness';

const never = <T>() => new Promise<T>(() => {});
const failure = (code: string) => Object.assign(new Error(code), { code });

describe('registration machine model paths', () => {
  const machine = registrationMachine.provide({
    actors: { register: fromPromise(() => never<unknown>()) },
    guards: { isDraftValid: ({ context }) => isDraftValid(context.draft) },
  });
  type Spec = ModelSpec<typeof machine>;
  type Snapshot = Parameters<Spec['assertSnapshot']>[0];
  type ModelEvent = Exclude<Spec['events'], (snapshot: Snapshot) => unknown>[number];

  const complete: RegistrationDraft = {
    firstName: 'Riley',
    lastName: 'Doe',
    company: '',
    email: 'riley@example.com',
    password: 'Quiet meadow lantern 42',
    passwordConfirmation: 'Quiet meadow lantern 42',
    clientCode: 'SUN',
    rosterAcct: 'A-778899',
    invoice: 'SUN-100042',
  };

  /** The form is filled one field at a time, in order; other orders would multiply the graph without a new behaviour. */
  function nextField(snapshot: Snapshot): ModelEvent[] {
    const [field] = Object.keys(registrationErrors(snapshot.context.draft)) as RegistrationField[];
    return field === undefined ? [] : [{ type: 'registration.update', field, value: complete[field] }];
  }

  const events = (snapshot: Snapshot): ModelEvent[] => [
    ...nextField(snapshot),
    { type: 'registration.update', field: 'email', value: 'riley@' },
    { type: 'registration.update', field: 'invoice', value: 'SUN-100044' },
    { type: 'registration.leave', field: 'email' },
    { type: 'registration.submit' },
    { type: 'xstate.done.actor.register', output: 'registered' },
    { type: 'xstate.error.actor.register', error: Object.assign(failure('refused'), { fields: { rosterAcct: 'accountNotFound' } }) },
    { type: 'xstate.error.actor.register', error: Object.assign(failure('refused'), { fields: { password: 'common' } }) },
    { type: 'xstate.error.actor.register', error: failure('tooManyRequests') },
    { type: 'xstate.error.actor.register', error: failure('network') },
    { type: 'xstate.error.actor.register', error: new TypeError('boom') },
  ];

  // What multiplies the model: the state, whether the draft keeps the rules, what the server refused, the failure.
  function serializeState(snapshot: Snapshot): string {
    const { context } = snapshot;
    return JSON.stringify({
      value: snapshot.value,
      errors: Object.keys(registrationErrors(context.draft)),
      checked: context.checked.length > 0,
      server: Object.keys(context.serverErrors),
      failure: context.failure,
      refused: context.refusals > 0,
    });
  }

  function assertSnapshot(snapshot: Snapshot): void {
    const { context } = snapshot;
    const submitting = snapshot.matches('submitting');
    expect(selectIsBusy(snapshot)).toBe(submitting);
    expect(selectRegistrationStatus(snapshot)).toBe(snapshot.matches('sent') ? 'sent' : 'form');
    // Only a draft that keeps every rule is ever sent, and the address it went to is known once sent.
    if (submitting || snapshot.matches('sent')) expect(isDraftValid(context.draft)).toBe(true);
    expect(selectSentTo(snapshot) !== null).toBe(snapshot.matches('sent'));
    if (snapshot.matches('sent')) expect(selectSentTo(snapshot)).toBe(selectDraft(snapshot).email.trim());
    // The whole form's failure and the server's refusals show only on the form, and never while sending.
    if (!snapshot.matches('editing')) {
      expect(selectFailure(snapshot)).toBeNull();
    }
    if (Object.keys(context.serverErrors).length > 0) expect(selectRefusals(snapshot)).toBeGreaterThan(0);
    // The server's refusal shows at its field whatever the rules say.
    const shown = selectShownErrors(snapshot, registrationErrors(context.draft));
    for (const [field, error] of Object.entries(context.serverErrors)) expect(shown[field as RegistrationField]).toBe(error);
    // Typing is never lost: the client code stays as prefilled unless typed over (it is never typed here).
    expect(selectDraft(snapshot).clientCode).toBe('SUN');
  }

  const spec: Spec = { machine, input: { clientCode: 'SUN' }, events, serializeState, assertSnapshot };
  const coverage = new Coverage(machine);
  const paths = generateModelPaths(spec);

  it('has paths to walk', () => {
    expect(paths.length).toBeGreaterThan(20);
  });

  for (const path of paths) {
    it(path.name, () => {
      runModelPath(spec, path, coverage);
    });
  }

  afterAll(() => {
    const { missedStates, missedTransitions } = coverage.report('registration');
    expect(missedStates).toEqual([]);
    expect(missedTransitions).toEqual([]);
  });
});

describe('activation machine model paths', () => {
  let shown = 0;
  const machine = activationMachine.provide({
    actors: { activate: fromPromise(() => never<unknown>()) },
    actions: {
      showActivated: () => {
        shown++;
      },
    },
  });
  type Spec = ModelSpec<typeof machine>;
  type Snapshot = Parameters<Spec['assertSnapshot']>[0];

  function assertSnapshot(snapshot: Snapshot): void {
    const status = selectActivationStatus(snapshot);
    expect(snapshot.hasTag('busy')).toBe(status === 'activating');
    expect(selectActivationFailure(snapshot) !== null).toBe(status === 'failed');
    // The success screen shows exactly once, and only once the link activated the account.
    expect(shown).toBe(status === 'activated' ? 1 : 0);
    if (snapshot.context.token === null) expect(status).toBe('linkUnusable');
  }

  const events = [
    { type: 'xstate.done.actor.activate', output: { activated: true } },
    { type: 'xstate.error.actor.activate', error: failure('notFound') },
    { type: 'xstate.error.actor.activate', error: failure('network') },
    { type: 'xstate.error.actor.activate', error: new TypeError('boom') },
    { type: 'activation.retry' },
  ] as const;
  const specs: { name: string; spec: Spec }[] = [
    { name: 'a link with a token', spec: { machine, input: { token: 'tok' }, events, assertSnapshot } },
    { name: 'a link without one', spec: { machine, input: { token: null }, events, assertSnapshot } },
  ];
  const coverage = new Coverage(machine);

  beforeEach(() => {
    shown = 0;
  });

  for (const { name, spec } of specs) {
    describe(name, () => {
      const paths = generateModelPaths(spec);
      // A link without a token ends at the start: its only path is starting.
      for (const path of paths.length > 0 ? paths : [{ name: 'opening the page', steps: [] }]) {
        it(path.name, () => {
          runModelPath(spec, path, coverage);
        });
      }
    });
  }

  afterAll(() => {
    const { missedStates, missedTransitions } = coverage.report('activation');
    expect(missedStates).toEqual([]);
    expect(missedTransitions).toEqual([]);
  });
});

describe('resend activation machine model paths', () => {
  const machine = resendActivationMachine.provide({ actors: { resendActivation: fromPromise(() => never<unknown>()) } });
  type Spec = ModelSpec<typeof machine>;

  const spec: Spec = {
    machine,
    events: [
      { type: 'activation.resend', email: 'riley@example.com' },
      { type: 'xstate.done.actor.resendActivation', output: { accepted: true } },
      { type: 'xstate.error.actor.resendActivation', error: failure('tooManyRequests') },
      { type: 'xstate.error.actor.resendActivation', error: new TypeError('boom') },
    ],
    assertSnapshot: (snapshot) => {
      const status = selectResendStatus(snapshot);
      expect(selectIsResending(snapshot)).toBe(status === 'sending');
      expect(selectResendFailure(snapshot) !== null).toBe(status === 'failed');
      expect(snapshot.context.email === null).toBe(status === 'idle');
    },
  };
  const coverage = new Coverage(machine);

  for (const path of generateModelPaths(spec)) {
    it(path.name, () => {
      runModelPath(spec, path, coverage);
    });
  }

  afterAll(() => {
    const { missedStates, missedTransitions } = coverage.report('resend activation');
    expect(missedStates).toEqual([]);
    expect(missedTransitions).toEqual([]);
  });
});
