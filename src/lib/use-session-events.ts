import { useMemo } from 'react';
import type { GuestLoginRequest, LoginRequest } from '@contracts/session-requests';
import type { ChosenRole } from '@machines/session/session.types';
import { useMachines } from './machines';

/** Named functions for the session's events, so views never build event objects. */
export function useSessionEvents() {
  const { session } = useMachines();
  return useMemo(
    () => ({
      chooseRole: (role: ChosenRole) => session.send({ type: 'session.chooseRole', role }),
      clearRole: () => session.send({ type: 'session.clearRole' }),
      logIn: (credentials: LoginRequest) => session.send({ type: 'session.login', ...credentials }),
      guestLogIn: (credentials: GuestLoginRequest) => session.send({ type: 'session.guestLogin', ...credentials }),
      logOut: () => session.send({ type: 'session.logout' }),
      extend: () => session.send({ type: 'session.extend' }),
      decline: () => session.send({ type: 'session.decline' }),
      acknowledgeExpiry: () => session.send({ type: 'session.acknowledgeExpiry' }),
    }),
    [session],
  );
}
