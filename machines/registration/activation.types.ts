/** The activation link's page and the "send the link again" offer: their inputs, events and failures. */

/** Why activating did not finish, when the link itself may still be good: try again. */
export type ActivationFailureCode = 'network' | 'serverError';

export interface ActivationInput {
  /** The link's token, kept as the page opened (from its fragment), or null when it had none. */
  token: string | null;
}

export interface ActivationContext {
  token: string | null;
  failure: ActivationFailureCode | null;
}

export type ActivationEvent = { type: 'activation.retry' };

/** Why a new link could not be asked for. */
export type ResendFailureCode = 'tooManyRequests' | 'network' | 'serverError';

export interface ResendContext {
  /** The address the last request was for. */
  email: string | null;
  failure: ResendFailureCode | null;
}

export type ResendEvent = { type: 'activation.resend'; email: string };

export type ActivationTag = 'busy';
