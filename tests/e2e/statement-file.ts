/** Statement files for the console's browser tests, as a billing system sends them. */
import { statementFile } from '../../server/test/statement-file';

/** A statement of `count` new accounts (one invoice each); the row `bad` has a charge that is no amount. */
export function statement(prefix: string, count: number, bad?: number): Buffer {
  return Buffer.from(statementFile(prefix, count, bad));
}
