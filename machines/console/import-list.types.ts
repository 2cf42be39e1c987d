import type { ImportReport } from '@contracts/partner-api';

/** An import as the list shows it: its report without the refused rows. */
export type ImportSummary = Omit<ImportReport, 'problems'>;

export interface ImportListContext {
  imports: ImportSummary[];
  /** The report asked for last, once it has come. */
  shown: ImportReport | null;
  /** The import whose report is on its way. */
  asked: number | null;
  /** A call failed: the list or the report could not be loaded. */
  failed: boolean;
}

export type ImportListEvent =
  /** An upload finished: the list is asked for again at once. */
  | { type: 'imports.refresh' }
  | { type: 'report.show'; id: number };
