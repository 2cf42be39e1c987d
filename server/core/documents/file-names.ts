/** The file names the documents are offered under: ASCII only, so they are safe in any header and file system. */
import type { PublicDocumentKind } from '@contracts/documents';
import type { Language } from '@contracts/session';
import { publicDocumentFileWords } from './public-document-texts';
import { statementFormat } from './statement-labels';

/** Only letters, digits and dashes; anything else becomes a dash. */
function fileNamePart(text: string): string {
  return text.replace(/[^A-Za-z0-9-]+/g, '-');
}

/** A public document's: its words in the language, then the client code. */
export function publicDocumentFileName(kind: PublicDocumentKind, language: Language, clientCode: string): string {
  return `${publicDocumentFileWords(kind, language)}-${fileNamePart(clientCode)}.pdf`;
}

/** A statement's: the word for it in the language, the account number and the day it was made (UTC). */
export function statementFileName(language: Language, accountNumber: string, issuedAt: Date): string {
  return `${statementFormat(language).t.fileWord}-${fileNamePart(accountNumber)}-${issuedAt.toISOString().slice(0, 10)}.pdf`;
}
