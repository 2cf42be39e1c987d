import { sessionMachine } from '@machines/session/session.machine';
import type { SessionCheckResult } from '@machines/session/session.types';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, toPromise, type InspectionEvent } from 'xstate';
import { highlightedStates, reportOf, statePaths, type ActorReport } from './inspection-report';

/** A small machine with what the charts draw: nesting, parallel regions, a state with its own id, an invoked promise. */
const signUpMachine = setup({
  types: { context: {} as { email: string }, events: {} as { type: 'form.submit'; email: string } | { type: 'form.reset' } },
  actors: { send: fromPromise(() => new Promise<string>(() => undefined)) },
}).createMachine({
  id: 'signUp',
  context: { email: '' },
  initial: 'editing',
  states: {
    editing: {
      type: 'parallel',
      states: {
        email: { initial: 'empty', states: { empty: {}, filled: {} } },
        terms: { id: 'termsBox', initial: 'unticked', states: { unticked: {} } },
      },
      on: { 'form.submit': { target: 'sending', actions: ({ context, event }) => Object.assign(context, { email: event.email }) } },
    },
    sending: { invoke: { id: 'send', src: 'send' }, on: { 'form.reset': 'editing' } },
  },
});

function reportsOf(run: (send: (event: { type: 'form.submit'; email: string } | { type: 'form.reset' }) => void) => void): ActorReport[] {
  const events: InspectionEvent[] = [];
  const actor = createActor(signUpMachine, { inspect: (event) => events.push(event) }).start();
  run((event) => actor.send(event));
  actor.stop();
  return events.map((event) => reportOf(event, 'tab-1')).filter((report): report is ActorReport => report !== null);
}

describe('the live inspector reports', () => {
  it('the machine, every active state id (parallel regions and own ids included) and the event type after each step', () => {
    const reports = reportsOf((send) => send({ type: 'form.submit', email: 'pat.doe@example.com' }));
    expect(reports.map(({ machineId, stateIds, event, status }) => ({ machineId, stateIds, event, status }))).toEqual([
      {
        machineId: 'signUp',
        stateIds: ['signUp', 'signUp.editing', 'signUp.editing.email', 'signUp.editing.email.empty', 'termsBox', 'signUp.editing.terms.unticked'],
        event: 'xstate.init',
        status: 'active',
      },
      { machineId: 'signUp', stateIds: ['signUp', 'signUp.sending'], event: 'form.submit', status: 'active' },
      { machineId: 'signUp', stateIds: ['signUp', 'signUp.sending'], event: 'xstate.stop', status: 'stopped' },
    ]);
    expect(reports[1]?.tab).toBe('tab-1');
  });

  it('nothing of the context or of the events’ data', () => {
    const reports = reportsOf((send) => send({ type: 'form.submit', email: 'pat.doe@example.com' }));
    expect(JSON.stringify(reports)).not.toContain('pat.doe');
  });

  it('nothing for actors that are not state machines', async () => {
    const events: InspectionEvent[] = [];
    const actor = createActor(
      fromPromise(() => Promise.resolve('pat.doe@example.com')),
      { inspect: (event) => events.push(event) },
    ).start();
    await toPromise(actor);
    expect(events.some((event) => event.type === '@xstate.snapshot')).toBe(true);
    expect(events.map((event) => reportOf(event, 'tab-1')).filter((report) => report !== null)).toEqual([]);
  });

  it('the session machine at start-up: checking, the ids its chart draws', () => {
    const events: InspectionEvent[] = [];
    const actor = createActor(sessionMachine.provide({ actors: { checkSession: fromPromise(() => new Promise<SessionCheckResult>(() => undefined)) } }), {
      inspect: (event) => events.push(event),
    }).start();
    actor.stop();
    const [report] = events.map((event) => reportOf(event, 'tab')).filter((value) => value !== null);
    expect(report?.stateIds).toEqual(['session', 'session.checking']);
  });
});

describe('the inspector page highlights', () => {
  const report = (actor: string, machineId: string, stateIds: string[]): ActorReport => ({
    kind: 'actor',
    tab: 'tab-1',
    actor,
    machineId,
    stateIds,
    value: {},
    event: 'x',
    status: 'active',
  });

  it("each machine's last reported states, without the machine's own box", () => {
    const highlighted = highlightedStates([
      report('x:0', 'session', ['session', 'session.checking']),
      report('x:1', 'loading', ['loading', 'loading.idle']),
      report('x:0', 'session', ['session', 'session.anonymous', 'session.anonymous.roleNotChosen']),
    ]);
    expect(Object.fromEntries(highlighted)).toEqual({ session: ['session.anonymous', 'session.anonymous.roleNotChosen'], loading: ['loading.idle'] });
  });

  it('a state value as the paths of its active leaves', () => {
    expect(statePaths('checking')).toEqual(['checking']);
    expect(statePaths({ signedIn: { access: 'user', expiry: 'waiting' } })).toEqual(['signedIn.access.user', 'signedIn.expiry.waiting']);
    expect(statePaths({ editing: { email: 'empty', terms: {} } })).toEqual(['editing.email.empty', 'editing.terms']);
  });
});
