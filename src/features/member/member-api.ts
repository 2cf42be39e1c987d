/**
 * The member calls: member information, the name and company, sign out everywhere, and the email
 * change. A form's call answers either its result or the fields the server refused (400 with
 * `fields`); every other failure rejects with an ApiError, as every call of the app does.
 */
import {
  emailChangedSchema,
  emailChangeRequestedSchema,
  memberDetailsSchema,
  memberInformationSchema,
  signedOutEverywhereSchema,
  type MemberDetails,
  type MemberInformation,
} from '@contracts/member';
import type { EmailChangeRequest, MemberDetailsRequest } from '@contracts/member-requests';
import type { FieldErrors } from '@contracts/errors';
import { sessionClientSchema } from '@contracts/session';
import type { TextIssue } from '@contracts/text';
import * as v from 'valibot';
import { getAccountNumber, getUserEmail } from '@/lib/api/endpoints';
import { ApiError } from '@/lib/api/errors';
import { call, http, type CallOptions } from '@/lib/api/http';

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
 * Posts a form. A 400 with field errors is an answer, not a failure: the form shows it. (Plain
 * checks rather than a schema: every schema function a page uses joins the libraries that the
 * first page loads.)
 */
async function postForm<S extends v.GenericSchema>(path: string, json: unknown, schema: S, { signal }: CallOptions): Promise<FormAnswer<v.InferOutput<S>>> {
  try {
    return { ok: true, value: await call(() => http.post(path, { json, signal }), schema) };
  } catch (error) {
    const fields = error instanceof ApiError && error.code === 'invalidRequest' ? readFieldErrors(error.body) : null;
    if (fields) return { ok: false, fields };
    throw error;
  }
}

/** GET /api/User/GetMemberInformation */
export const getMemberInformation = ({ signal }: CallOptions = {}): Promise<MemberInformation> =>
  call(() => http.get('User/GetMemberInformation', { signal }), memberInformationSchema);

/** GET /api/User/GetClientCode: the session's client, with its billing group. */
export const getSessionClient = ({ signal }: CallOptions = {}): Promise<v.InferOutput<typeof sessionClientSchema>> =>
  call(() => http.get('User/GetClientCode', { signal }), sessionClientSchema);

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

/** POST /api/User/UpdateMemberInformation */
export const updateMemberDetails = (details: MemberDetailsRequest, options: CallOptions = {}): Promise<FormAnswer<MemberDetails>> =>
  postForm('User/UpdateMemberInformation', details, memberDetailsSchema, options);

/** POST /api/User/SignOutEverywhere */
export const signOutEverywhere = ({ signal }: CallOptions = {}) =>
  call(() => http.post('User/SignOutEverywhere', { signal }), signedOutEverywhereSchema);

/** POST /api/User/RequestEmailChange */
export const requestEmailChange = (request: EmailChangeRequest, options: CallOptions = {}) =>
  postForm('User/RequestEmailChange', request, emailChangeRequestedSchema, options);

/** POST /api/User/ConfirmEmailChange */
export const confirmEmailChange = (token: string, { signal }: CallOptions = {}) =>
  call(() => http.post('User/ConfirmEmailChange', { json: { token }, signal }), emailChangedSchema);
