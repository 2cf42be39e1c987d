/**
 * The documents screen's endpoints: the list (open to anyone), a client's public documents as
 * PDFs (open to anyone) and the session account's statement as a PDF. Each payment's receipt is
 * GetReceiptPdf (payments-endpoints.ts). Without `language`, a PDF is in the session's language,
 * else en-US.
 */
import { documentListQuerySchema, publicDocumentQuerySchema, statementQuerySchema } from './documents-requests';
import { documentListSchema } from './documents';
import { defineEndpoint, usersAndGuests } from './endpoint';

export const getDocuments = defineEndpoint({
  method: 'GET',
  path: '/Documents/GetDocuments',
  summary: "The documents the visitor may download: the client's public ones, and a signed-in account's statement and payments",
  description:
    "Signed in, the session's client and account (the query is not read); otherwise the named client (404 notFound for an unknown code), or none without a code.",
  access: 'anyone',
  query: documentListQuerySchema,
  response: documentListSchema,
});

export const getPublicDocument = defineEndpoint({
  method: 'GET',
  path: '/Documents/GetPublicDocument',
  summary: "A client's financial-assistance policy or notice of billing rights, as a tagged PDF attachment",
  description: '404 notFound for an unknown code. Cache-Control: private, max-age=3600.',
  access: 'anyone',
  query: publicDocumentQuerySchema,
  response: 'pdf',
});

export const getStatementPdf = defineEndpoint({
  method: 'GET',
  path: '/Documents/GetStatementPdf',
  summary: "The session account's statement as of today (UTC), as a tagged PDF attachment",
  access: { roles: usersAndGuests, enabledAccount: true },
  query: statementQuerySchema,
  response: 'pdf',
});
