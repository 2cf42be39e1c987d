/**
 * The documents screen's call, and where its PDFs download from, built from their declarations
 * (contracts/documents-endpoints.ts). Apart from endpoints.ts so that only the documents screen
 * carries them.
 */
import type { DocumentList, PublicDocumentKind } from '@contracts/documents';
import * as documents from '@contracts/documents-endpoints';
import * as payments from '@contracts/payments-endpoints';
import type { Language } from '@contracts/session';
import { endpointUrl } from './endpoint-url';
import { callEndpoint, type CallOptions } from './http';

/** The client a visitor who is not signed in is looking at (the server ignores it for one who is). */
export interface DocumentsClient {
  clientCode?: string | undefined;
  billingGroup?: string | null | undefined;
}

/** The public documents, and the signed-in account's statement and payments. */
export const getDocuments = ({ clientCode, billingGroup }: DocumentsClient, { signal }: CallOptions = {}): Promise<DocumentList> =>
  callEndpoint(documents.getDocuments, { query: { clientCode: clientCode || undefined, billingGroup: billingGroup || undefined }, signal });

/** Where a client's public document downloads from, in the reader's language. */
export function publicDocumentPdfUrl(kind: PublicDocumentKind, client: { code: string; billingGroup: string | null }, language: Language): string {
  return endpointUrl(documents.getPublicDocument, { kind, clientCode: client.code, billingGroup: client.billingGroup || undefined, language });
}

/** Where the signed-in account's statement downloads from, in the reader's language. */
export function statementPdfUrl(language: Language): string {
  return endpointUrl(documents.getStatementPdf, { language });
}

/** Where a past payment's receipt downloads from, in the reader's language. */
export function receiptPdfUrl(confirmationNumber: string, language: Language): string {
  return endpointUrl(payments.getReceiptPdf, { confirmationNumber, language });
}
