/** Named functions for the Integrations screen's events, so its views never build event objects. */
import type { ApiKeysMachine } from '@machines/console/api-keys.machine';
import type { WebhookEndpointsMachine } from '@machines/console/webhook-endpoints.machine';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';

export type ApiKeysActor = ActorRefFrom<ApiKeysMachine>;
export type WebhookEndpointsActor = ActorRefFrom<WebhookEndpointsMachine>;

/** The keys' events (the new key's form's are `useFormFields`'). */
export function useApiKeysEvents(actor: ApiKeysActor) {
  return useMemo(
    () => ({
      revoke: (prefix: string) => actor.send({ type: 'apiKey.revoke', prefix }),
      confirm: () => actor.send({ type: 'apiKey.confirm' }),
      cancel: () => actor.send({ type: 'apiKey.cancel' }),
      hideKey: () => actor.send({ type: 'apiKey.hide' }),
    }),
    [actor],
  );
}

/** The endpoints' and deliveries' events (the new endpoint's form's are `useFormFields`'). */
export function useWebhookEndpointsEvents(actor: WebhookEndpointsActor) {
  return useMemo(
    () => ({
      test: (id: number) => actor.send({ type: 'endpoint.test', id }),
      rotate: (id: number) => actor.send({ type: 'endpoint.rotate', id }),
      disable: (id: number) => actor.send({ type: 'endpoint.disable', id }),
      confirm: () => actor.send({ type: 'endpoint.confirm' }),
      cancel: () => actor.send({ type: 'endpoint.cancel' }),
      replay: (eventId: string) => actor.send({ type: 'delivery.replay', eventId }),
      hideSecret: () => actor.send({ type: 'secret.hide' }),
    }),
    [actor],
  );
}
