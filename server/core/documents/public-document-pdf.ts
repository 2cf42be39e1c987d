/**
 * A client's public documents as tagged PDFs (its financial-assistance policy and its notice of billing
 * rights), in the reader's language, headed by the client's name and closed with how to reach it.
 */
import type { PublicDocumentKind } from '@contracts/documents';
import type { Language } from '@contracts/session';
import { MARGIN, MUTED, PAGE_WIDTH, PdfWriter } from '../pdf/pdf-writer';
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

  const writer = await PdfWriter.create({ title: `${text.title} - ${client.name}`, author: client.name, language }, [client.name, client.phoneNumber ?? '', ...mail]);
  const body = { size: 11, lineHeight: 16 };
  const paragraph = (value: string, x = MARGIN) => writer.paragraph(value, x, CONTENT_WIDTH - (x - MARGIN), body);

  writer.block('P', writer.root, () => writer.text(client.name, MARGIN, { bold: true, size: 13, color: MUTED, width: CONTENT_WIDTH }));
  writer.y -= 28;
  writer.block('H1', writer.root, () => writer.paragraph(text.title, MARGIN, CONTENT_WIDTH, { bold: true, size: 20, lineHeight: 26 }));
  writer.y -= 8;
  writer.block('P', writer.root, () => paragraph(text.intro));

  const heading = (value: string) => {
    writer.y -= 12;
    // A heading never ends a page: it keeps at least two lines of its section beside it.
    writer.ensureRoom(50);
    writer.block('H2', writer.root, () => writer.paragraph(value, MARGIN, CONTENT_WIDTH, { bold: true, size: 13, lineHeight: 20 }));
  };
  for (const section of text.sections) {
    heading(section.heading);
    for (const value of section.paragraphs) {
      writer.block('P', writer.root, () => paragraph(value));
      writer.y -= 6;
    }
  }

  heading(contact.heading);
  if (client.phoneNumber) writer.block('P', writer.root, () => paragraph(`${contact.phone}: ${client.phoneNumber ?? ''}`));
  if (mail.length > 0) {
    writer.y -= 4;
    // The address is one paragraph: its label, then its lines, indented.
    writer.block('P', writer.root, () => {
      paragraph(`${contact.mail}: `);
      for (const [index, line] of mail.entries()) paragraph(index < mail.length - 1 ? `${line} ` : line, MARGIN + 12);
    });
  }
  if (!client.phoneNumber && mail.length === 0) writer.block('P', writer.root, () => paragraph(contact.onYourBill));

  return writer.finish();
}
