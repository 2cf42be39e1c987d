import { useSelector } from '@xstate/react';
import { useMachines } from './machines';

/** The client (and billing group) a sign-in is for: the one the URL chose, if any. */
export function useSignInClient(): { clientCode?: string; billingGroup?: string } {
  const { client } = useMachines();
  const requested = useSelector(client, (snapshot) => snapshot.context.requested);
  return {
    ...(requested ? { clientCode: requested.code.toUpperCase() } : {}),
    ...(requested?.billingGroup ? { billingGroup: requested.billingGroup } : {}),
  };
}
