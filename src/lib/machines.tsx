import type { clientMachine } from '@machines/client/client.machine';
import type { sessionMachine } from '@machines/session/session.machine';
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type ClientActor = ActorRefFrom<typeof clientMachine>;

/** The running machines: the router context of every guard, and what views read. */
export interface Machines {
  session: SessionActor;
  client: ClientActor;
}

const MachinesContext = createContext<Machines | null>(null);

export const MachinesProvider = MachinesContext.Provider;

/** The running machines, for views that read snapshots and send events. */
export function useMachines(): Machines {
  const machines = useContext(MachinesContext);
  if (!machines) throw new Error('useMachines must be used inside MachinesProvider');
  return machines;
}
