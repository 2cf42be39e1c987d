/**
 * The member calls: member information, the name and company, sign out everywhere, and the email
 * change. A form's call answers either its result or the fields the server refused (400 with
 * `fields`); every other failure rejects with an ApiError, as every call of the app does.
 */
import type { MemberDetails, MemberInformation } from '@contracts/member';
import * as member from '@contracts/member-endpoints';
import type { EmailChangeRequest, MemberDetailsRequest } from '@contracts/member-requests';
import type { FieldErrors } from '@contracts/errors';
import type { TextIssue } from '@contracts/text';
import { getAccountNumber, getSessionClient, getUserEmail } from '@/lib/api/endpoints';
import { ApiError } from '@/lib/api/errors';
import { callEndpoint, type CallOptions } from '@/lib/api/http';

/** A form call's answer: its result, or what the server said about each refused field. */
export type FormAnswer<T> = { ok: true; value: T } | { ok: false; fields: FieldErrors };

// Listed here rather than imported: the contract's text module builds schemas when it loads.
const textIssues = ['required', 'tooLong', 'invalidCharacters', 'invalid'] as const satisfies readonly TextIssue[];

/** The field errors of a 400 answer's body, as far as they are ones the form knows; null without any. */
export function readFieldErrors(body: unknown): FieldErrors | null {
  if (typeof body !== 'object' || body === null || !('fields' in body)) return null;
  const { fields } = body;
  if (typeof fields !== 'object' || fields === null) return null;
  const known: FieldErrors = {};
  for (const [name, issue] of Object.entries(fields)) {
    const textIssue = textIssues.find((candidate) => candidate === issue);
    if (textIssue) known[name] = textIssue;
  }
  return Object.keys(known).length > 0 ? known : null;
}

/**
 * Sends a form. A 400 with field errors is an answer, not a failure: the form shows it. (The
 * fields are read with plain checks rather than a schema: every schema function a page uses joins
 * the libraries that the first page loads.)
 */
async function formAnswer<T>(send: () => Promise<T>): Promise<FormAnswer<T>> {
  try {
    return { ok: true, value: await send() };
  } catch (error) {
    const fields = error instanceof ApiError && error.code === 'invalidRequest' ? readFieldErrors(error.body) : null;
    if (fields) return { ok: false, fields };
    throw error;
  }
}

/** The name and company, and the user's accounts. */
export const getMemberInformation = (options?: CallOptions): Promise<MemberInformation> => callEndpoint(member.getMemberInformation, options);

/** Everything the member information page shows, in one go. */
export async function loadMemberProfile({ signal }: CallOptions = {}) {
  const [information, email, accountNumber, client] = await Promise.all([
    getMemberInformation({ signal }),
    getUserEmail({ signal }),
    getAccountNumber({ signal }),
    getSessionClient({ signal }),
  ]);
  return { ...information, email, accountNumber, clientCode: client.clientCode, billingGroup: client.billingGroup };
}

export const updateMemberDetails = (json: MemberDetailsRequest, { signal }: CallOptions = {}): Promise<FormAnswer<MemberDetails>> =>
  formAnswer(() => callEndpoint(member.updateMemberInformation, { json, signal }));

export const signOutEverywhere = (options?: CallOptions) => callEndpoint(member.signOutEverywhere, options);

export const requestEmailChange = (json: EmailChangeRequest, { signal }: CallOptions = {}) =>
  formAnswer(() => callEndpoint(member.requestEmailChange, { json, signal }));

export const confirmEmailChange = (token: string, { signal }: CallOptions = {}) => callEndpoint(member.confirmEmailChange, { json: { token }, signal });
