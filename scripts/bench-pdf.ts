/**
 * `npm run bench:pdf`: how long the server takes to make each of its PDFs (a receipt, one whose
 * payer's name needs the CJK fallback fonts, a three-page statement, a public document), as a
 * ratio to a bare one-line pdfkit page made in the same run (these machines are shared and noisy,
 * so only ratios compare across runs).
 *
 * With BENCH_BEFORE_DIR set to a checkout of another commit (with its node_modules installed),
 * that commit's renderers are measured in the same run too, and the table adds the ratio of this
 * checkout's time to that one's: `git worktree add /tmp/before main && (cd /tmp/before && npm ci)`,
 * then `BENCH_BEFORE_DIR=/tmp/before npm run bench:pdf`.
 *
 * Options (environment): BENCH_RUNS (default 40 per document, after 5 unmeasured).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import PDFDocument from 'pdfkit';
import type { AccountInformation } from '@contracts/accounts';
import type { Receipt } from '@contracts/payments';
import { manyInvoices, sampleReceipt as receipt } from '../server/test/sample-documents';

const runs = Number(process.env.BENCH_RUNS ?? 40);
const WARM_UP_RUNS = 5;
const root = resolve(import.meta.dirname, '..');

type Render = () => Promise<Uint8Array>;

interface Renderers {
  receipt: (receipt: Receipt) => Promise<Uint8Array>;
  statement: (account: AccountInformation) => Promise<Uint8Array>;
  publicDocument: () => Promise<Uint8Array>;
}

/** A file of the checkout at `dir`: where it is since the server's rooms, else where it was before them (server/modules). */
const fileOf = (dir: string, path: string, before: string) => (existsSync(`${dir}/${path}`) ? `${dir}/${path}` : `${dir}/${before}`);

/** The renderers of the checkout at `dir`, through the signatures every version of them has had. */
async function renderersOf(dir: string): Promise<Renderers> {
  const { renderReceiptPdf } = (await import(fileOf(dir, 'server/patients/payments/receipt-pdf.ts', 'server/modules/payments/receipt-pdf.ts'))) as typeof import('../server/patients/payments/receipt-pdf');
  const { renderStatementPdf } = (await import(fileOf(dir, 'server/core/documents/statement-pdf.ts', 'server/modules/documents/statement-pdf.ts'))) as typeof import('../server/core/documents/statement-pdf');
  const { renderPublicDocumentPdf } = (await import(fileOf(dir, 'server/core/documents/public-document-pdf.ts', 'server/modules/documents/public-document-pdf.ts'))) as typeof import('../server/core/documents/public-document-pdf');
  return {
    receipt: (receipt) => renderReceiptPdf({ receipt, clientName: 'Sunrise Laboratories', language: 'en-US' }),
    statement: (account) =>
      renderStatementPdf({
        statement: { clientName: 'Sunrise Laboratories', clientPhone: '1-800-555-0142', account, payments: [], issuedAt: new Date('2026-03-01T09:00:00Z') },
        language: 'en-US',
      }),
    publicDocument: () =>
      renderPublicDocumentPdf({
        kind: 'billingRightsNotice',
        language: 'es-ES',
        client: { code: 'SUN', name: 'Sunrise Laboratories', phoneNumber: '1-800-555-0142', mailPayableTo: 'Sunrise Laboratories', mailAddressLines: ['PO Box 4120', 'Springfield, IL 62704'] },
      }),
  };
}


const longAccount: AccountInformation = { accountNumber: 'A-100200', holderName: 'Pat Doe', invoices: manyInvoices(90), totalDueCents: 90_000 };

/** The floor: one line of a standard font on one untagged page. */
function barePage(): Promise<Uint8Array> {
  const pdf = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Uint8Array>((done) => pdf.on('end', () => done(new Uint8Array(Buffer.concat(chunks)))));
  pdf.text('Payment receipt P-ABCDEFGHJK', 50, 50);
  pdf.end();
  return ended;
}

/** Median milliseconds of one render, after unmeasured ones that warm the JIT and load fonts. */
async function measure(render: Render): Promise<number> {
  for (let run = 0; run < WARM_UP_RUNS; run++) await render();
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    await render();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

function documents(renderers: Renderers): [string, Render][] {
  return [
    ['receipt', () => renderers.receipt(receipt)],
    ['receipt, CJK payer name', () => renderers.receipt({ ...receipt, payerName: 'José Müller 山田 김민준' })],
    ['statement, 90 invoices', () => renderers.statement(longAccount)],
    ['public document (es-ES)', () => renderers.publicDocument()],
  ];
}

async function main(): Promise<void> {
  const beforeDir = process.env.BENCH_BEFORE_DIR ? resolve(process.env.BENCH_BEFORE_DIR) : undefined;
  const now = documents(await renderersOf(root));
  const before = beforeDir ? documents(await renderersOf(beforeDir)) : undefined;
  const bare = await measure(barePage);
  const rows: string[][] = [['bare pdfkit page', bare.toFixed(2), '1.00', ...(before ? ['', '', ''] : [])]];
  for (const [index, [name, render]] of now.entries()) {
    const ms = await measure(render);
    const row = [name, ms.toFixed(2), (ms / bare).toFixed(2)];
    const previous = before?.[index];
    if (previous) {
      const beforeMs = await measure(previous[1]);
      row.push(beforeMs.toFixed(2), (beforeMs / bare).toFixed(2), (ms / beforeMs).toFixed(2));
    }
    rows.push(row);
  }
  const header = ['document', 'ms (median)', 'ratio to bare', ...(before ? ['ms before', 'before ratio to bare', 'now / before'] : [])];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(`\n${String(runs)} runs each (after ${String(WARM_UP_RUNS)} unmeasured)${beforeDir ? `; before: ${beforeDir}` : ''}\n`);
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
}

await main();
