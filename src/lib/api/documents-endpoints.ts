/**
 * The documents screen's call, and where its PDFs download from. Apart from endpoints.ts so that
 * only the documents screen carries them.
 */
import { documentListSchema, type DocumentList, type PublicDocumentKind } from '@contracts/documents';
import type { Language } from '@contracts/session';
import { call, http, type CallOptions } from './http';

/** The client a visitor who is not signed in is looking at (the server ignores it for one who is). */
export interface DocumentsClient {
  clientCode?: string | undefined;
  billingGroup?: string | null | undefined;
}

function clientParams({ clientCode, billingGroup }: DocumentsClient): Record<string, string> {
  return { ...(clientCode ? { clientCode } : {}), ...(billingGroup ? { billingGroup } : {}) };
}

/** GET /api/Documents/GetDocuments: the public documents, and the signed-in account's statement and payments. */
export const getDocuments = (client: DocumentsClient, { signal }: CallOptions = {}): Promise<DocumentList> =>
  call(() => http.get('Documents/GetDocuments', { searchParams: clientParams(client), signal }), documentListSchema);

/** Where a client's public document downloads from, in the reader's language. */
export function publicDocumentPdfUrl(kind: PublicDocumentKind, client: { code: string; billingGroup: string | null }, language: Language): string {
  const query = new URLSearchParams({ kind, ...clientParams({ clientCode: client.code, billingGroup: client.billingGroup }), language });
  return `/api/Documents/GetPublicDocument?${query.toString()}`;
}

/** Where the signed-in account's statement downloads from, in the reader's language. */
export function statementPdfUrl(language: Language): string {
  return `/api/Documents/GetStatementPdf?${new URLSearchParams({ language }).toString()}`;
}

/** Where a past payment's receipt downloads from, in the reader's language. */
export function receiptPdfUrl(confirmationNumber: string, language: Language): string {
  return `/api/OnlinePayment/GetReceiptPdf?${new URLSearchParams({ confirmationNumber, language }).toString()}`;
}
