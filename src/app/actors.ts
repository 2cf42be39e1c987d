import { clientMachine } from '@machines/client/client.machine';
import type { ClientDetails } from '@machines/client/client.types';
import { sessionMachine } from '@machines/session/session.machine';
import type { SessionCheckResult } from '@machines/session/session.types';
import { createActor, fromPromise } from 'xstate';
import * as api from '@/lib/api/endpoints';
import type { LoggedInStatus } from '@/lib/api/contracts';
import { applyThemeClass } from '@/lib/theme';
import type { ClientActor, SessionActor } from '@/lib/machines';




/** What the machines need from the app that only exists once the router does. */
export interface AppEffects {
  /** Goes to a url the server gave after logout (already checked), or the landing page. */
  navigateAfterLogout(url: string): void;
}

async function withAccount(status: LoggedInStatus): Promise<SessionCheckResult> {
  if (!status.isUserActive || status.userRole === null) return { status, account: null };
  const [email, accountNumber] = await Promise.all([api.getUserEmail(), api.getAccountNumber()]);
  return { status, account: { email, accountNumber } };
}

/** Starts the session actor with the real HTTP calls. */
export function startSession(effects: AppEffects): SessionActor {
  const machine = sessionMachine.provide({
    actors: {
      checkSession: fromPromise(async () => withAccount(await api.getLoggedInStatus())),
      logIn: fromPromise(async ({ input }) => withAccount(await api.logIn(input))),
      logOut: fromPromise(() => api.logOut()),
    },
    actions: {
      navigateAfterLogout: (_, { url }) => effects.navigateAfterLogout(url),
      reportStartupFailure: (_, { error }) => console.error('Could not check the session at start-up', error),
    },
  });
  return createActor(machine).start();
}

/** Starts the client actor with the real lookups and the body's theme class. */
export function startClient(): ClientActor {
  const machine = clientMachine.provide({
    actors: {
      lookUpClient: fromPromise<ClientDetails, { code: string; billingGroup: string | null }>(({ input }) =>
        api.getClient(input.code, input.billingGroup),
      ),
      fetchClientUrl: fromPromise<string, { code: string; billingGroup: string | null }>(({ input }) =>
        api.getClientUrl(input.code, input.billingGroup),
      ),
    },
    actions: {
      applyTheme: (_, { theme }) => applyThemeClass(document.body, theme),
    },
  });
  return createActor(machine).start();
}
