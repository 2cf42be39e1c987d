/** Registering, activating, asking for the activation link again, and removing a registration nobody asked for. */
import { defineEndpoint } from './endpoint';
import {
  accessRemovedSchema,
  activationRequestSchema,
  activationResponseSchema,
  registrationRequestSchema,
  removeAccessRequestSchema,
  resendActivationRequestSchema,
  resendActivationResponseSchema,
} from './registration';

export const register = defineEndpoint({
  method: 'POST',
  path: '/userregistration/Register',
  summary: "Registers a sign-in for a billing account; answers the text 'registered', the same whether or not the address was registered already",
  description:
    "The emails are written in the Accept-Language header's language. A 400 invalidRequest names a refused password's rule in fields.password; 400 invalidCredentials when the client, account, invoice or postal code is wrong; 429 tooManyRequests with Retry-After.",
  access: 'anyone',
  json: registrationRequestSchema,
  response: 'text',
});

export const activate = defineEndpoint({
  method: 'POST',
  path: '/userregistration/Activate',
  summary: "Activates the account with the emailed link's token",
  description: '404 notFound for an unknown, used or expired link.',
  access: 'anyone',
  json: activationRequestSchema,
  response: activationResponseSchema,
});

export const removeAccess = defineEndpoint({
  method: 'POST',
  path: '/userregistration/RemoveAccess',
  summary: "Removes a registration with the token of the link its account's other users were sent",
  description: '410 linkInvalid for an unknown, used or expired link.',
  access: 'anyone',
  json: removeAccessRequestSchema,
  response: accessRemovedSchema,
});

export const resendActivation = defineEndpoint({
  method: 'POST',
  path: '/userregistration/ResendActivation',
  summary: 'Sends the activation link again to an account that waits for one; the same answer whatever the address',
  description: "Written in the Accept-Language header's language unless the account has one. 429 tooManyRequests with Retry-After.",
  access: 'anyone',
  json: resendActivationRequestSchema,
  response: resendActivationResponseSchema,
});
