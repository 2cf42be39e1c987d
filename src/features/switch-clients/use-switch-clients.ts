import { switchClientsMachine } from '@machines/switch-clients/switch-clients.machine';
import type { UserClient } from '@machines/switch-clients/switch-clients.types';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { createAppActor } from '@/lib/create-app-actor';
import { useMachines } from '@/lib/machines';
import { createSwitchClientsImplementations } from './switch-clients.implementations';

type SwitchClientsActor = ActorRefFrom<typeof switchClientsMachine>;

/** A client's name as the portal shows it: some clients have none, and then their code stands in. */
export const displayName = (client: UserClient) => client.name || client.code;

/** Named functions for the switch's events, so the view never builds event objects. */
function switchClientsEvents(actor: SwitchClientsActor) {
  return {
    choose: (client: UserClient) => actor.send({ type: 'switchClients.choose', code: client.code, billingGroup: client.billingGroup }),
    retry: () => actor.send({ type: 'switchClients.retry' }),
  };
}

/**
 * A running switch clients machine in the app's system: it loads the user's clients, and a switch
 * the server makes is followed by the session, the client's look (through the root) and that
 * client's invoices.
 */
export function useSwitchClients() {
  const machines = useMachines();
  const navigate = useNavigate();
  const [actor] = useState(() =>
    createAppActor(
      switchClientsMachine.provide(
        createSwitchClientsImplementations({
          goToInvoices: (clientCode) => {
            void navigate({ to: '/{-$client}/invoices', params: { client: clientCode } });
          },
        }),
      ),
      // In the app's system: the machine tells the root, found by its system id, of the switch.
      { parent: machines.app },
    ),
  );
  // Never stopped on leaving: a switch the server has made must still be followed by the app,
  // or it would show one client's look over another's data. Starting twice does nothing.
  useEffect(() => {
    actor.start();
  }, [actor]);
  return { actor, ...useMemo(() => switchClientsEvents(actor), [actor]) };
}
