/**
 * The member information page's vocabulary: what it loads, the name and company being edited,
 * why a field or a call was refused. Views turn the codes into messages in the reader's language.
 */
import type { MemberDetails, MemberInformation } from '@contracts/member';
import type { FieldProblems, FormContext, FormEvent, FormRejection } from '../form/form.types';

/** The fields the member may change. */
export const memberFields = ['firstName', 'lastName', 'company'] as const;
export type MemberField = (typeof memberFields)[number];
export type MemberDraft = Record<MemberField, string>;

/** Why a field cannot be saved: the same reasons the server gives (`required`, `tooLong`, `invalidCharacters`, `invalid`). */
export type MemberFieldProblem = 'required' | 'tooLong' | 'invalidCharacters' | 'invalid';
export type MemberFieldProblems = FieldProblems<MemberField, MemberFieldProblem>;

/** Everything the page shows (output of the `loadMember` actor). */
export interface MemberProfile extends MemberInformation {
  email: string;
  /** The account and client the session is signed in under, marked in the list of accounts. */
  accountNumber: string;
  clientCode: string;
  billingGroup: string | null;
}

/** Why a call failed, when it was not a refusal of fields. */
export type MemberFailureCode = 'network' | 'serverError' | 'notSignedIn';

/** What a failed call rejects with: the fields the server refused, or a failure code. */
export type MemberCallFailure = FormRejection<MemberField, MemberFieldProblem, MemberFailureCode>;

export type MemberEvent =
  | FormEvent<MemberField>
  | { type: 'member.retry' }
  | { type: 'member.signOutEverywhere' }
  | { type: 'member.confirmSignOut' }
  | { type: 'member.cancelSignOut' };

/**
 * The name and company's form (a field's problem shows once it is left, or after a refused save;
 * `failure`: why loading or saving failed), and the rest of the page.
 */
export interface MemberContext extends FormContext<MemberField, MemberFieldProblem, MemberFailureCode> {
  profile: MemberProfile | null;
  /** The draft being saved, to tell whether the member typed on while it was on its way. */
  submitted: MemberDraft | null;
  /** The draft is what the server stored at the last save. */
  saved: boolean;
  /** Why signing out on every device failed. */
  signOutFailure: MemberFailureCode | null;
}

export type MemberTag = 'busy';

export type { MemberDetails };
