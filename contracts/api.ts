/**
 * Every endpoint of the API, by area: what the server registers and the OpenAPI document lists.
 * For the server and the tests only; the SPA imports the area it calls (`<area>-endpoints.ts`).
 */
import * as v from 'valibot';
import * as accounts from './accounts-endpoints';
import * as branding from './branding-endpoints';
import * as clientContact from './client-contact-endpoints';
import * as clients from './clients-endpoints';
import * as console from './console-endpoints';
import * as consoleBranding from './console-branding-endpoints';
import * as consoleWork from './console-work-endpoints';
import * as documents from './documents-endpoints';
import { defineEndpoint, type EndpointDeclaration } from './endpoint';
import * as member from './member-endpoints';
import * as office from './partner-api-endpoints';
import * as password from './password-endpoints';
import * as payments from './payments-endpoints';
import * as paymentsOut from './payments-out-endpoints';
import * as registration from './registration-endpoints';
import * as session from './session-endpoints';
import * as switchClients from './switch-clients-endpoints';

/** GET /api/openapi.json: this API's OpenAPI 3.1 document, generated from the declarations. */
export const getOpenApiDocument = defineEndpoint({
  method: 'GET',
  path: '/openapi.json',
  summary: "This API's OpenAPI 3.1 document",
  access: 'anyone',
  response: v.record(v.string(), v.unknown()),
});

/** A part of the API: its name in the reference, what it is for, and its endpoints by name. */
export interface ApiArea {
  tag: string;
  description: string;
  endpoints: Readonly<Record<string, EndpointDeclaration>>;
}

export const apiAreas: readonly ApiArea[] = [
  { tag: 'Session', description: 'Signing in and out, the session and its expiry, the reader\'s language.', endpoints: session },
  { tag: 'Clients', description: 'The clients (labs and providers) and their public facts: their look (theme and logo) among them.', endpoints: { ...clients, ...clientContact, ...branding } },
  { tag: 'Invoices', description: "The session account's open and paid invoices.", endpoints: accounts },
  { tag: 'Payments', description: 'Paying invoices online, the receipts, the other ways to pay.', endpoints: payments },
  { tag: 'Documents', description: "A client's public documents and a signed-in account's statement and payments.", endpoints: documents },
  { tag: 'Switch clients', description: "Moving a billing user's session to another of the user's clients.", endpoints: switchClients },
  { tag: 'Member', description: "The signed-in user's own account.", endpoints: member },
  { tag: 'Registration', description: 'Registering a sign-in for a billing account, and activating it.', endpoints: registration },
  { tag: 'Password', description: 'Forgotten, reset and changed passwords.', endpoints: password },
  {
    tag: 'Partner API: statements',
    description: "A client's billing system sends its statements (accounts, invoices and their lines) and reads each import's report, with the client's API key.",
    endpoints: office,
  },
  {
    tag: 'Partner API: payments out',
    description:
      "The money the portal took, for the client's billing system: the daily posting file, refunds and voids, and webhooks that push each money event as it happens (docs/payments-out.md), with the client's API key.",
    endpoints: paymentsOut,
  },
  {
    tag: 'Console',
    description: "The console's calls under /{client}/office/: staff sign-in with a second factor, the staff, the audit trail, with the staff session's cookie.",
    endpoints: console,
  },
  {
    tag: 'Console: work',
    description:
      "The console's office work with the staff session's cookie: Today, patients (accounts and the help given to their users), payments and refunds, statement imports, and integrations (API keys, webhooks).",
    endpoints: consoleWork,
  },
  {
    tag: 'Console: branding',
    description: "The client's look on the patients' pages (theme colours, logo) and its settings (online payments, posting cut-off, password lifetime), with the staff session's cookie.",
    endpoints: consoleBranding,
  },
  { tag: 'Reference', description: 'This document.', endpoints: { getOpenApiDocument } },
];

/** Every declaration, once, with its name (unique across areas: the OpenAPI operationId). */
export const apiEndpoints: readonly { name: string; tag: string; endpoint: EndpointDeclaration }[] = apiAreas.flatMap(({ tag, endpoints }) =>
  Object.entries(endpoints).map(([name, endpoint]) => ({ name, tag, endpoint })),
);
