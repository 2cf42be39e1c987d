/**
 * The documents screen's calls: the list for the current visitor (open to anyone), a client's
 * public documents as PDFs (open to anyone), and the statement of the session's account as a PDF
 * (users and guests). Each payment's receipt is GET /api/OnlinePayment/GetReceiptPdf.
 */
import { Hono } from 'hono';
import { pdfAttachment } from '../../http/pdf-download';
import * as v from 'valibot';
import { publicDocumentKinds, type DocumentList } from '@contracts/documents';
import { getDocuments, getPublicDocument, getStatementPdf } from '@contracts/documents-endpoints';
import { defaultLanguage, languageSchema, type Language } from '@contracts/session';
import { route } from '../../http/endpoint-routes';
import { ApiError } from '../../http/errors';
import { scopeOf } from '../../http/scope';
import type { AppEnv } from '../../http/types';
import type { Principal } from '../../core/sessions/principal.service';
import type { ClientRow, ClientsService } from '../../core/clients/clients.service';
import { publicDocumentClient, type DocumentsService } from '../../core/documents/documents.service';
import { publicDocumentFileName, statementFileName } from '../../core/documents/file-names';
import { renderPublicDocumentPdf } from '../../core/documents/public-document-pdf';
import { renderStatementPdf } from '../../core/documents/statement-pdf';

/** The same text for everyone who names the client: a browser may keep it a while. */
const PUBLIC_CACHE = 'private, max-age=3600';
/** A person's own figures: never kept anywhere. */
const PERSONAL_CACHE = 'no-store';

/** The language asked for, else the session's, else the portal's default. */
function languageOf(asked: Language | undefined, sessionLanguage: unknown): Language {
  if (asked) return asked;
  const saved = v.safeParse(languageSchema, sessionLanguage);
  return saved.success ? saved.output : defaultLanguage;
}

export function createDocumentsRoutes({ documents, clients }: { documents: DocumentsService; clients: ClientsService }) {
  const routes = new Hono<AppEnv>();

  /** The named client; an unknown code is a 404. */
  async function namedClient(selector: { clientCode: string; billingGroup?: string | undefined }): Promise<ClientRow> {
    const client = await clients.resolve(selector);
    if (!client) throw new ApiError(404, 'notFound');
    return client;
  }

  /** The caller's own part of the list: the account's documents, or why there are none. */
  async function accountPartOf(caller: Principal | null): Promise<Pick<DocumentList, 'account' | 'accountUnavailable'>> {
    if (!caller) return { account: null, accountUnavailable: 'signedOut' };
    if (caller.isAccountDisabled) return { account: null, accountUnavailable: 'accountDisabled' };
    const account = await documents.accountDocuments(scopeOf(caller));
    if (!account) throw new ApiError(404, 'notFound');
    return { account, accountUnavailable: null };
  }

  route(routes, getDocuments, async (c, { query }) => {
    // Signed in, the session's client is the truth: the query cannot reach another client's account.
    const caller = c.var.principal?.isActive ? c.var.principal : null;
    const client = caller
      ? await clients.byId(caller.clientId)
      : query.clientCode
        ? await namedClient({ clientCode: query.clientCode, billingGroup: query.billingGroup })
        : null;
    const list: DocumentList = {
      client: client ? { code: client.code, billingGroup: client.billingGroup, name: client.name || client.code } : null,
      publicDocuments: client ? [...publicDocumentKinds] : [],
      ...(await accountPartOf(caller)),
    };
    return c.json(list);
  });

  route(routes, getPublicDocument, async (c, { query: { kind, clientCode, billingGroup, language: asked } }) => {
    const client = await namedClient({ clientCode, billingGroup });
    const language = languageOf(asked, c.var.session?.language);
    const pdf = await renderPublicDocumentPdf({ kind, language, client: publicDocumentClient(client) });
    return pdfAttachment(c, pdf, publicDocumentFileName(kind, language, client.code), PUBLIC_CACHE);
  });

  // Statements are invoice data: hidden from a disabled account like the invoices themselves.
  route(routes, getStatementPdf, async (c, { query: { language: asked } }) => {
    const statement = await documents.statement(scopeOf(c.var.caller));
    if (!statement) throw new ApiError(404, 'notFound');
    const language = languageOf(asked, c.var.session?.language);
    const pdf = await renderStatementPdf({ statement, language });
    return pdfAttachment(c, pdf, statementFileName(language, statement.account.accountNumber, statement.issuedAt), PERSONAL_CACHE);
  });

  return routes;
}
