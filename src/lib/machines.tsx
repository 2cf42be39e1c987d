import type { appMachine } from '@machines/app/app.machine';
import type { clientMachine } from '@machines/client/client.machine';
import type { cookieConsentMachine } from '@machines/cookie-consent/cookie-consent.machine';
import type { languageMachine } from '@machines/language/language.machine';
import type { loadingMachine } from '@machines/loading/loading.machine';
import type { sessionMachine } from '@machines/session/session.machine';
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';

export type AppActor = ActorRefFrom<typeof appMachine>;
export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type ClientActor = ActorRefFrom<typeof clientMachine>;
export type LoadingActor = ActorRefFrom<typeof loadingMachine>;
export type CookieConsentActor = ActorRefFrom<typeof cookieConsentMachine>;
export type LanguageActor = ActorRefFrom<typeof languageMachine>;

/** The running machines: the app's root and its children, the router context of every guard, and what views read. */
export interface Machines {
  app: AppActor;
  session: SessionActor;
  client: ClientActor;
  loading: LoadingActor;
  cookieConsent: CookieConsentActor;
  language: LanguageActor;
}

const MachinesContext = createContext<Machines | null>(null);

export const MachinesProvider = MachinesContext.Provider;

/** The running machines, for views that read snapshots and send events. */
export function useMachines(): Machines {
  const machines = useContext(MachinesContext);
  if (!machines) throw new Error('useMachines must be used inside MachinesProvider');
  return machines;
}
