/** The cookie notice over local storage: an earlier acceptance hides it; storage that cannot be read shows it again. */
import { cookieConsentMachine } from '@machines/cookie-consent/cookie-consent.machine';
import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createCookieConsentImplementations } from './cookie-consent.implementations';

function startWith(read: (key: string) => string | null) {
  const stored: Record<string, string> = {};
  const cookies: Record<string, string> = {};
  const events: string[] = [];
  const implementations = createCookieConsentImplementations({
    storage: { read, set: (key, value) => void (stored[key] = value) },
    setCookie: (name, value) => void (cookies[name] = value),
  });
  const actor = createActor(cookieConsentMachine.provide(implementations), {
    inspect: (inspection) => {
      if (inspection.type === '@xstate.event') events.push(inspection.event.type);
    },
  });
  actor.start();
  return { actor, stored, cookies, events };
}

describe('the cookie notice over local storage', () => {
  it('stays hidden when an earlier visit accepted it', async () => {
    const { actor } = startWith(() => 'true');
    await waitFor(actor, (snapshot) => snapshot.matches('accepted'));
  });

  it('shows when nothing was accepted, and keeps the text true once accepted, in a cookie too so the server renders no notice', async () => {
    const { actor, stored, cookies } = startWith(() => null);
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    actor.send({ type: 'consent.accept' });
    expect(stored).toEqual({ cookieNoticeAccepted: 'true' });
    expect(cookies).toEqual({ pbp_cookie_notice: 'true' });
  });

  it('shows again when local storage cannot be read, through the machine’s failed-read branch', async () => {
    const { actor, events } = startWith(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const snapshot = await waitFor(actor, (each) => each.matches('shown'));
    expect(snapshot.hasTag('noticeShown')).toBe(true);
    expect(events).toContain('xstate.error.actor.readConsent');
  });
});
