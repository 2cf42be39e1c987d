/** Named functions for the registration machines' events, so views never build event objects (the form's are `useFormFields`'). */
import type { accessRemovalMachine } from '@machines/registration/access-removal.machine';
import type { activationMachine } from '@machines/registration/activation.machine';
import type { resendActivationMachine } from '@machines/registration/resend-activation.machine';
import type { ActorRefFrom } from 'xstate';

/** The activation page's events. */
export function activationEvents(actor: ActorRefFrom<typeof activationMachine>) {
  return { retry: () => actor.send({ type: 'activation.retry' }) };
}

/** The access-removal page's events. */
export function accessRemovalEvents(actor: ActorRefFrom<typeof accessRemovalMachine>) {
  return {
    confirm: () => actor.send({ type: 'accessRemoval.confirm' }),
    retry: () => actor.send({ type: 'accessRemoval.retry' }),
  };
}

/** The "send the link again" offer's events. */
export function resendEvents(actor: ActorRefFrom<typeof resendActivationMachine>) {
  return { resend: (email: string) => actor.send({ type: 'activation.resend', email }) };
}
