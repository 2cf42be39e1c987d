/**
 * The member information page's vocabulary: what it loads, the name and company being edited,
 * why a field or a call was refused. Views turn the codes into messages in the reader's language.
 */
import type { MemberDetails, MemberInformation } from '@contracts/member';

/** The fields the member may change. */
export const memberFields = ['firstName', 'lastName', 'company'] as const;
export type MemberField = (typeof memberFields)[number];
export type MemberDraft = Record<MemberField, string>;

/** Why a field cannot be saved: the same reasons the server gives (`required`, `tooLong`, `invalidCharacters`, `invalid`). */
export type MemberFieldProblem = 'required' | 'tooLong' | 'invalidCharacters' | 'invalid';
export type MemberFieldProblems = Partial<Record<MemberField, MemberFieldProblem>>;

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
export type MemberCallFailure = { code: MemberFailureCode } | { code: 'refused'; fields: MemberFieldProblems };

export type MemberEvent =
  | { type: 'member.retry' }
  | { type: 'member.edit'; field: MemberField; value: string }
  | { type: 'member.leaveField'; field: MemberField }
  | { type: 'member.save' }
  | { type: 'member.signOutEverywhere' }
  | { type: 'member.confirmSignOut' }
  | { type: 'member.cancelSignOut' };

export interface MemberContext {
  profile: MemberProfile | null;
  draft: MemberDraft;
  /** The draft being saved, to tell whether the member typed on while it was on its way. */
  submitted: MemberDraft | null;
  /** Fields whose problems show: left at least once, or every field after a refused save. */
  checked: MemberField[];
  /** What the server refused at the last save, per field, until the field is edited. */
  serverProblems: MemberFieldProblems;
  /** Why loading or saving failed. */
  failure: MemberFailureCode | null;
  /** The draft is what the server stored at the last save. */
  saved: boolean;
  /** Why signing out on every device failed. */
  signOutFailure: MemberFailureCode | null;
  /** How many saves were refused (by the rules or the server): each moves the focus to the first field to fix. */
  refusals: number;
}

export type MemberTag = 'busy';

export type { MemberDetails };
