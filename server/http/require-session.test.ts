import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../modules/auth/principal.service';
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
});
