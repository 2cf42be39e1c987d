import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../core/sessions/principal.service';
import { USERS_AND_GUESTS, USERS_ONLY, requireSession } from './require-session';
import type { AppEnv } from './types';

const user: Principal = {
  role: 'ClientBillingUser',
  clientId: 1,
  userId: 7,
  accountId: 3,
  accountNumber: 'A-1',
  email: 'u@example.com',
  isActive: true,
  isAccountDisabled: false,
  isPasswordExpired: false,
};
const guest: Principal = { ...user, role: 'ClientBillingGuest', userId: null, email: '' };

/** An app whose caller is `principal`, with one user-only and one user-or-guest call. */
function appFor(principal: Principal | null) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('session', null);
    c.set('principal', principal);
    await next();
  });
  app.get('/users', requireSession({ roles: USERS_ONLY }), (c) => c.json({ accountNumber: c.var.caller.accountNumber }));
  app.get('/both', requireSession({ roles: USERS_AND_GUESTS }), (c) => c.json({ role: c.var.caller.role }));
  app.get('/enabled', requireSession({ roles: USERS_AND_GUESTS, enabledAccount: true }), (c) => c.json({ role: c.var.caller.role }));
  app.get('/password', requireSession({ roles: USERS_ONLY, whilePasswordExpired: true }), (c) => c.json({ role: c.var.caller.role }));
  return app;
}

const call = async (app: Hono<AppEnv>, path: string) => {
  const response = await app.request(path);
  return { status: response.status, body: (await response.json()) as unknown };
};

describe('requireSession', () => {
  it('lets a user through to user-only and user-or-guest calls, with the caller', async () => {
    expect(await call(appFor(user), '/users')).toEqual({ status: 200, body: { accountNumber: 'A-1' } });
    expect(await call(appFor(user), '/both')).toEqual({ status: 200, body: { role: 'ClientBillingUser' } });
  });

  it('lets a guest through only where guests are accepted, else 403 forbidden', async () => {
    expect(await call(appFor(guest), '/both')).toEqual({ status: 200, body: { role: 'ClientBillingGuest' } });
    expect(await call(appFor(guest), '/users')).toEqual({ status: 403, body: { error: 'forbidden' } });
  });

  it('answers 401 notSignedIn to nobody and to an inactive user', async () => {
    for (const principal of [null, { ...user, isActive: false }]) {
      for (const path of ['/users', '/both']) {
        expect(await call(appFor(principal), path)).toEqual({ status: 401, body: { error: 'notSignedIn' } });
      }
    }
  });

  it('refuses a disabled account with 403 accountDisabled where the policy needs an enabled one, and only there', async () => {
    const disabled = { ...user, isAccountDisabled: true };
    expect(await call(appFor(disabled), '/enabled')).toEqual({ status: 403, body: { error: 'accountDisabled' } });
    expect(await call(appFor(disabled), '/both')).toEqual({ status: 200, body: { role: 'ClientBillingUser' } });
    expect(await call(appFor(user), '/enabled')).toEqual({ status: 200, body: { role: 'ClientBillingUser' } });
    expect(await call(appFor(guest), '/enabled')).toEqual({ status: 200, body: { role: 'ClientBillingGuest' } });
    // Who is asking comes first: nobody is told about accounts.
    expect(await call(appFor(null), '/enabled')).toEqual({ status: 401, body: { error: 'notSignedIn' } });
  });

  it('refuses a user whose password has expired with 403 passwordExpired everywhere but where changing it needs', async () => {
    const expired = { ...user, isPasswordExpired: true };
    for (const path of ['/users', '/both', '/enabled']) {
      expect(await call(appFor(expired), path)).toEqual({ status: 403, body: { error: 'passwordExpired' } });
    }
    expect(await call(appFor(expired), '/password')).toEqual({ status: 200, body: { role: 'ClientBillingUser' } });
    expect(await call(appFor(user), '/password')).toEqual({ status: 200, body: { role: 'ClientBillingUser' } });
    // A guest is told it may not, not that a password it does not have expired.
    expect(await call(appFor(guest), '/password')).toEqual({ status: 403, body: { error: 'forbidden' } });
  });
});
