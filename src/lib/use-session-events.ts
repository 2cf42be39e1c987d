import { useMemo } from 'react';
import type { Credentials } from '@machines/session/session.types';
import { useMachines } from './machines';

/** Named functions for the session's events, so views never build event objects. */
export function useSessionEvents() {
  const { session } = useMachines();
  return useMemo(
    () => ({
      logIn: (credentials: Credentials) => session.send({ type: 'session.login', ...credentials }),
      logOut: () => session.send({ type: 'session.logout' }),
    }),
    [session],
  );
}
