/** The session machine's effects: the session calls, the disabled-account flag, and where logout goes. */
import type { sessionMachine } from '@machines/session/session.machine';
import type { SessionCheckResult, SessionErrorCode } from '@machines/session/session.types';
import type { LoggedInStatus } from '@contracts/session';
import { fromPromise, type MachineImplementationsFrom } from 'xstate';
import {
  extendAuthentication,
  getAccountNumber,
  getAuthenticationMessage,
  getLoggedInStatus,
  getPasswordExpiryDays,
  getSessionClient,
  getUserEmail,
  logIn,
  logInGuest,
  logOut,
} from '@/lib/api/endpoints';
import { ApiError, type ApiFailureCode } from '@/lib/api/errors';
import { withClientPrefix } from '@/lib/client-path';
import { toExternalUrl, toInternalPath } from '@/lib/safe-redirect';
import type { sessionItem } from '@/lib/storage';
import { storageKeys } from '@/lib/storage';
import type { AppNavigation } from '@/lib/navigation';

export interface SessionDeps {
  storage: Pick<typeof sessionItem, 'set' | 'remove'>;
  navigation: AppNavigation;
  /** A client is selected: only then may logout leave for the server's address. */
  hasClient(): boolean;
  reportError(message: string, error: unknown): void;
}

const sessionCodes: ReadonlySet<ApiFailureCode> = new Set<SessionErrorCode>(['invalidCredentials', 'invalidRequest', 'accountNotActivated', 'tooManyRequests', 'network']);

/** What a failed call means to the session: its own codes pass, anything else is a server error. */
export function toSessionError(error: unknown): ApiError {
  return error instanceof ApiError && sessionCodes.has(error.code) ? error : new ApiError('serverError', null, { cause: error });
}

async function mapped<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toSessionError(error);
  }
}

/** Creates the session machine's implementations over the app's services. */
export function createSessionImplementations(deps: SessionDeps): MachineImplementationsFrom<typeof sessionMachine> {
  const { navigation } = deps;

  /**
   * A signed-in status with the account it shows (the email, empty for a guest, and the account
   * number) and, for a billing user, the password's expiry.
   */
  async function withAccount(status: LoggedInStatus, signal: AbortSignal): Promise<SessionCheckResult> {
    if (!status.isUserActive || status.userRole === null) return { status, account: null };
    const [email, accountNumber, { clientCode, billingGroup }, passwordExpiryDays] = await Promise.all([
      getUserEmail({ signal }),
      getAccountNumber({ signal }),
      getSessionClient({ signal }),
      status.userRole === 'ClientBillingUser' ? getPasswordExpiryDays({ signal }) : -1,
    ]);
    return { status, account: { email, accountNumber, clientCode, billingGroup }, passwordExpiryDays };
  }

  return {
    actors: {
      checkSession: fromPromise(({ signal }) => mapped(async () => withAccount(await getLoggedInStatus({ signal }), signal))),
      logIn: fromPromise(({ input, signal }) => mapped(async () => withAccount(await logIn(input, { signal }), signal))),
      logInGuest: fromPromise(({ input, signal }) => mapped(async () => withAccount(await logInGuest(input, { signal }), signal))),
      checkExpiry: fromPromise(({ signal }) => mapped(() => getAuthenticationMessage({ signal }))),
      extendAuthentication: fromPromise(({ signal }) => mapped(() => extendAuthentication({ signal }))),
      logOut: fromPromise(({ signal }) => mapped(() => logOut({ signal }))),
    },
    actions: {
      rememberAccountDisabled: (_, { disabled }) => {
        if (disabled) deps.storage.set(storageKeys.accountDisabled, 'true');
        else deps.storage.remove(storageKeys.accountDisabled);
      },
      // The second variant goes to /login; otherwise the server's address when a client is set and
      // it is a safe external one, else a safe internal path, else the landing page; always under
      // the current client prefix where the path is ours.
      navigateAfterLogout: (_, { url, destination }) => {
        const here = navigation.currentPath();
        if (destination === 'login') {
          navigation.goTo(withClientPrefix('/login', here), { replace: true });
          return;
        }
        if (destination === 'loginAndReturn') {
          // A guarded page has already sent the user to sign in, remembering the page.
          if (/\/login$/.test(here)) return;
          const back = toInternalPath(here);
          navigation.goTo(`${withClientPrefix('/login', here)}${back ? `?redirect=${encodeURIComponent(back)}` : ''}`, { replace: true });
          return;
        }
        const external = deps.hasClient() ? toExternalUrl(url) : null;
        if (external) navigation.leaveTo(external);
        else navigation.goTo(toInternalPath(url) ?? withClientPrefix('/', here), { replace: true });
      },
      reportStartupFailure: (_, { error }) => deps.reportError('Could not check the session at start-up', error),
    },
  };
}
