/** Named functions for the Branding screen's events, so its views never build event objects. */
import type { BrandColoursMachine } from '@machines/console/brand-colours.machine';
import type { BrandLogoMachine } from '@machines/console/brand-logo.machine';
import type { ChosenLogo } from '@machines/console/brand-logo.types';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';

export type BrandColoursActor = ActorRefFrom<BrandColoursMachine>;
export type BrandLogoActor = ActorRefFrom<BrandLogoMachine>;

/** The colours' events (the form's are `useFormFields`'). */
export function useBrandColoursEvents(actor: BrandColoursActor) {
  return useMemo(() => ({ reset: () => actor.send({ type: 'colours.reset' }) }), [actor]);
}

export function useBrandLogoEvents(actor: BrandLogoActor) {
  return useMemo(
    () => ({
      choose: (logo: ChosenLogo) => actor.send({ type: 'logo.choose', logo }),
      remove: () => actor.send({ type: 'logo.remove' }),
      confirm: () => actor.send({ type: 'logo.confirm' }),
      cancel: () => actor.send({ type: 'logo.cancel' }),
    }),
    [actor],
  );
}
