/** The signed-in user's own account: member information, sign out everywhere, and changing the email address. */
import { defineEndpoint, usersOnly } from './endpoint';
import { emailChangeConfirmationSchema, emailChangeRequestSchema, memberDetailsRequestSchema } from './member-requests';
import { emailChangedSchema, emailChangeRequestedSchema, memberDetailsSchema, memberInformationSchema, signedOutEverywhereSchema } from './member';

/** Changing the email address is hidden from a disabled account, and refused to it. */
const enabledUsers = { roles: usersOnly, enabledAccount: true } as const;

export const getMemberInformation = defineEndpoint({
  method: 'GET',
  path: '/User/GetMemberInformation',
  summary: "The user's name and company, and every account of the user with everyone registered for it",
  access: { roles: usersOnly },
  response: memberInformationSchema,
});

export const updateMemberInformation = defineEndpoint({
  method: 'POST',
  path: '/User/UpdateMemberInformation',
  summary: "Changes the user's name and company",
  access: { roles: usersOnly },
  json: memberDetailsRequestSchema,
  response: memberDetailsSchema,
});

export const signOutEverywhere = defineEndpoint({
  method: 'POST',
  path: '/User/SignOutEverywhere',
  summary: 'Ends every session of the user, this one included',
  access: { roles: usersOnly },
  response: signedOutEverywhereSchema,
});

export const requestEmailChange = defineEndpoint({
  method: 'POST',
  path: '/User/RequestEmailChange',
  summary: 'Sends a link to the new address (and a notice to the current one); the address changes when the link is opened',
  description:
    'A 400 names the fields to fix: newEmail (also the current address), password (also a wrong one, which counts as a failed sign-in). 429 tooManyRequests with Retry-After.',
  access: enabledUsers,
  json: emailChangeRequestSchema,
  response: emailChangeRequestedSchema,
});

export const confirmEmailChange = defineEndpoint({
  method: 'POST',
  path: '/User/ConfirmEmailChange',
  summary: "Changes the address with the emailed link's token",
  description: "404 notFound for a link that does not work for this user (unknown, used, expired, another user's, or its address taken meanwhile).",
  access: enabledUsers,
  json: emailChangeConfirmationSchema,
  response: emailChangedSchema,
});
