/** The documents screen's queries, which the server validates (the SPA only sends them, see endpoint.ts). */
import * as v from 'valibot';
import { clientCodeSchema } from './clients';
import { publicDocumentKindSchema } from './documents';
import { languageSchema } from './session';
import { billingGroupSchema } from './text';

/** GET /api/Documents/GetDocuments: the client a visitor who is not signed in is looking at. */
export const documentListQuerySchema = v.object({ clientCode: v.optional(clientCodeSchema), billingGroup: billingGroupSchema });

/** GET /api/Documents/GetPublicDocument: which document of which client, in which language. */
export const publicDocumentQuerySchema = v.object({
  kind: publicDocumentKindSchema,
  clientCode: clientCodeSchema,
  billingGroup: billingGroupSchema,
  language: v.optional(languageSchema),
});

/** GET /api/Documents/GetStatementPdf: the statement's language. */
export const statementQuerySchema = v.object({ language: v.optional(languageSchema) });
