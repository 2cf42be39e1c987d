/** A CSV download streamed as its text is made (an import's refused rows, the console's exports). */
import type { Context } from 'hono';
import { stream } from 'hono/streaming';

export function csvDownload(c: Context, csv: AsyncIterable<string>, fileName: string): Response {
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${fileName}"`);
  return stream(c, async (out) => {
    for await (const text of csv) await out.write(text);
  });
}
