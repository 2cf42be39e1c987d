/** A chosen file, as the machine reads it; the file itself to send. */
export interface ChosenStatement {
  name: string;
  size: number;
  file: Blob;
}

/** The report's facts the machine keeps (the screen shows the whole report it is given). */
export interface UploadedReport {
  id: number;
  status: 'running' | 'imported' | 'refused';
}

/** Why a file was not sent, or its upload failed. */
export type StatementUploadProblem = 'notCsv' | 'tooLarge' | 'forbidden' | 'expired' | 'network' | 'serverError';

export interface StatementUploadContext {
  chosen: { name: string; size: number } | null;
  pending: Blob | null;
  /** Bytes sent of the total. */
  sent: number;
  total: number;
  report: UploadedReport | null;
  problem: StatementUploadProblem | null;
}

export type StatementUploadEvent =
  | { type: 'file.choose'; statement: ChosenStatement }
  | { type: 'upload.progress'; sent: number; total: number }
  | { type: 'upload.answered'; report: UploadedReport }
  | { type: 'upload.failed'; problem: StatementUploadProblem };
