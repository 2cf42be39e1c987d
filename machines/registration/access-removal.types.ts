/** The page of the link that removes someone's registration for an account: its input, events and failures. */

/** Why removing did not finish, when the link itself may still be good: try again. */
export type AccessRemovalFailureCode = 'network' | 'serverError';

export interface AccessRemovalInput {
  /** The link's token (kept from its fragment), or null when it had none. */
  token: string | null;
}

export interface AccessRemovalContext {
  token: string | null;
  failure: AccessRemovalFailureCode | null;
}

export type AccessRemovalEvent = { type: 'accessRemoval.confirm' } | { type: 'accessRemoval.retry' };

export type AccessRemovalTag = 'busy';
