/**
 * The import history and its reports, per client: what each import read, created, updated, left
 * and closed, and every row it refused (as JSON, the first 1,000; as CSV, all of them, streamed,
 * each cell safe to open in a spreadsheet).
 */
import { and, asc, count, desc, eq, gt } from 'drizzle-orm';
import type { ImportReport } from '@contracts/partner-api';
import type { Database } from '../../db/client';
import { statementImportProblems, statementImports } from '../../db/schema';
import { csvExport } from '../../lib/csv-export';

/** Refused rows a JSON report lists; the CSV has them all. */
export const REPORT_PROBLEMS = 1000;
const CSV_PAGE = 5000;

type ImportRow = typeof statementImports.$inferSelect;

function summaryOf(row: ImportRow): Omit<ImportReport, 'problems' | 'problemCount'> {
  return {
    id: row.id,
    status: row.status,
    message: row.message,
    source: row.source,
    fileName: row.fileName,
    scope: row.scope,
    dryRun: row.dryRun,
    producedAt: row.producedAt?.toISOString() ?? null,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    rowsRead: row.rowsRead,
    rowsRefused: row.rowsRefused,
    accounts: { created: row.accountsCreated, updated: row.accountsUpdated, unchanged: row.accountsUnchanged },
    invoices: { created: row.invoicesCreated, updated: row.invoicesUpdated, unchanged: row.invoicesUnchanged, closed: row.invoicesClosed },
  };
}

export function createImportReports({ db }: { db: Database }) {
  const importOf = async (clientId: number, importId: number): Promise<ImportRow | null> => {
    const [row] = await db
      .select()
      .from(statementImports)
      .where(and(eq(statementImports.clientId, clientId), eq(statementImports.id, importId)))
      .limit(1);
    return row ?? null;
  };
  const problemColumns = {
    line: statementImportProblems.line,
    location: statementImportProblems.location,
    column: statementImportProblems.column,
    code: statementImportProblems.code,
    reason: statementImportProblems.reason,
  };

  return {
    /** An import of the client with its first refused rows, or null (none, or another client's). */
    async report(clientId: number, importId: number): Promise<ImportReport | null> {
      const row = await importOf(clientId, importId);
      if (!row) return null;
      const scope = and(eq(statementImportProblems.clientId, clientId), eq(statementImportProblems.importId, importId));
      const [problems, [total]] = await Promise.all([
        db.select(problemColumns).from(statementImportProblems).where(scope).orderBy(asc(statementImportProblems.id)).limit(REPORT_PROBLEMS),
        db.select({ n: count() }).from(statementImportProblems).where(scope),
      ]);
      return { ...summaryOf(row), problems, problemCount: total?.n ?? 0 };
    },

    /** The client's last 50 imports, newest first. */
    async list(clientId: number): Promise<Omit<ImportReport, 'problems'>[]> {
      const rows = await db.select().from(statementImports).where(eq(statementImports.clientId, clientId)).orderBy(desc(statementImports.id)).limit(50);
      const counts = await db
        .select({ importId: statementImportProblems.importId, n: count() })
        .from(statementImportProblems)
        .where(eq(statementImportProblems.clientId, clientId))
        .groupBy(statementImportProblems.importId);
      const byImport = new Map(counts.map((each) => [each.importId, each.n]));
      return rows.map((row) => ({ ...summaryOf(row), problemCount: byImport.get(row.id) ?? 0 }));
    },

    /** Every refused row of an import of the client as CSV text, page by page; null when there is no such import. */
    async problemsCsv(clientId: number, importId: number): Promise<AsyncIterable<string> | null> {
      if (!(await importOf(clientId, importId))) return null;
      async function* rows() {
        let after = 0;
        for (;;) {
          const page = await db
            .select({ id: statementImportProblems.id, ...problemColumns })
            .from(statementImportProblems)
            .where(and(eq(statementImportProblems.clientId, clientId), eq(statementImportProblems.importId, importId), gt(statementImportProblems.id, after)))
            .orderBy(asc(statementImportProblems.id))
            .limit(CSV_PAGE);
          for (const problem of page) yield [problem.line ?? '', problem.location, problem.column, problem.code, problem.reason];
          if (page.length < CSV_PAGE) return;
          after = page[page.length - 1]?.id ?? after;
        }
      }
      return csvExport(['line', 'location', 'column', 'code', 'reason'], rows());
    },
  };
}

export type ImportReports = ReturnType<typeof createImportReports>;
