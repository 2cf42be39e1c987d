/** A PDF download (the patients' documents, the console's statements). */
import type { Context } from 'hono';

export function pdfAttachment(c: Context, pdf: Uint8Array<ArrayBuffer>, fileName: string, cacheControl: string): Response {
  return c.body(pdf, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Cache-Control': cacheControl,
  });
}
