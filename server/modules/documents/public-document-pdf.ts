/**
 * A client's public documents as PDFs (its financial-assistance policy and its notice of billing
 * rights), in the reader's language, headed by the client's name and closed with how to reach it.
 */
import { PDFDocument } from 'pdf-lib';
import type { PublicDocumentKind } from '@contracts/documents';
import type { Language } from '@contracts/session';
import { MARGIN, MUTED, PAGE_WIDTH, PdfWriter } from '../payments/pdf-writer';
import { contactLabels, publicDocumentText } from './public-document-texts';

const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

/** What a public document says about its client. */
export interface PublicDocumentClient {
  code: string;
  /** The client's name, or its code when it has none. */
  name: string;
  phoneNumber: string | null;
  /** Whom post is addressed to, and the address lines; empty when the client takes none. */
  mailPayableTo: string | null;
  mailAddressLines: string[];
}

/** Renders one public document of the client, in the language. */
export async function renderPublicDocumentPdf({
  kind,
  language,
  client,
}: {
  kind: PublicDocumentKind;
  language: Language;
  client: PublicDocumentClient;
}): Promise<Uint8Array<ArrayBuffer>> {
  const text = publicDocumentText(kind, language, client.name);
  const contact = contactLabels(language);
  const mail = client.mailPayableTo && client.mailAddressLines.length > 0 ? [client.mailPayableTo, ...client.mailAddressLines] : [];

  const pdf = await PDFDocument.create();
  pdf.setTitle(`${text.title} - ${client.name}`);
  pdf.setAuthor(client.name);
  pdf.setLanguage(language);
  const writer = await PdfWriter.create(pdf, [client.name, client.phoneNumber ?? '', ...mail]);
  const { bold } = writer;

  writer.text(client.name, MARGIN, { font: bold, size: 13, color: MUTED, width: CONTENT_WIDTH });
  writer.y -= 28;
  writer.paragraph(text.title, MARGIN, CONTENT_WIDTH, { font: bold, size: 20, lineHeight: 26 });
  writer.y -= 8;
  writer.paragraph(text.intro, MARGIN, CONTENT_WIDTH, { size: 11, lineHeight: 16 });

  const heading = (value: string) => {
    writer.y -= 12;
    // A heading never ends a page: it keeps at least two lines of its section beside it.
    writer.ensureRoom(50);
    writer.paragraph(value, MARGIN, CONTENT_WIDTH, { font: bold, size: 13, lineHeight: 20 });
  };
  for (const section of text.sections) {
    heading(section.heading);
    for (const paragraph of section.paragraphs) {
      writer.paragraph(paragraph, MARGIN, CONTENT_WIDTH, { size: 11, lineHeight: 16 });
      writer.y -= 6;
    }
  }

  heading(contact.heading);
  if (client.phoneNumber) writer.paragraph(`${contact.phone}: ${client.phoneNumber}`, MARGIN, CONTENT_WIDTH, { size: 11, lineHeight: 16 });
  if (mail.length > 0) {
    writer.y -= 4;
    writer.paragraph(`${contact.mail}:`, MARGIN, CONTENT_WIDTH, { size: 11, lineHeight: 16 });
    for (const line of mail) writer.paragraph(line, MARGIN + 12, CONTENT_WIDTH - 12, { size: 11, lineHeight: 16 });
  }
  if (!client.phoneNumber && mail.length === 0) writer.paragraph(contact.onYourBill, MARGIN, CONTENT_WIDTH, { size: 11, lineHeight: 16 });

  return new Uint8Array(await pdf.save());
}
