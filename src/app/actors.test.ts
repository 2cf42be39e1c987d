/** The app-wide machines as the host starts them: what a refused call tells the session. */
import { describe, expect, it } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import type { CallObserver } from '@/lib/api/http';
import { startMachines, type MachineHost } from './actors';

function start() {
  const observers: CallObserver[] = [];
  const classes = new Set<string>();
  const host: MachineHost = {
    body: { classList: { add: (name: string) => classes.add(name), remove: (name: string) => classes.delete(name), [Symbol.iterator]: () => classes.values() } },
    local: { set: () => undefined },
    session: { set: () => undefined, remove: () => undefined },
    storedLanguage: null,
    language: { actors: { applyLanguage: fromPromise(() => Promise.resolve(undefined)) } },
    cookieConsent: { actors: { readConsent: fromPromise(() => Promise.resolve(false)) } },
    reportError: () => undefined,
    observeCalls: (observer) => {
      observers.push(observer);
      return () => undefined;
    },
  };
  const navigation = { goTo: () => undefined, leaveTo: () => undefined, currentPath: () => '/SUN/invoices' };
  return { machines: startMachines(navigation, host), observers };
}

describe('a refused call', () => {
  it('has the session checked again when the server says the password has expired (the office marked it mid-session), and only then', async () => {
    const { machines, observers } = start();
    // No server answers here: the start-up check fails, and the session waits for a new one.
    await waitFor(machines.session, (snapshot) => snapshot.matches('checkFailed'));
    for (const code of ['serverError', 'notSignedIn', 'forbidden'] as const) for (const observer of observers) observer.refused?.(code);
    expect(machines.session.getSnapshot().matches('checkFailed')).toBe(true);

    for (const observer of observers) observer.refused?.('passwordExpired');
    expect(machines.session.getSnapshot().matches('checking')).toBe(true);
  });
});
