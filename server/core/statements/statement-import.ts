/**
 * The statement import, one pipeline for the CSV file (command, API, console) and the JSON API:
 *
 * 1. Each row is checked on its own as it streams (statement-row.ts) and staged in batches in
 *    `statement_import_rows`; a refused row is staged with its account number alone. Nothing of
 *    the file is held in memory, and other work goes on between the batches.
 * 2. Under the client's lock, in one transaction: the rows are checked against each other and the
 *    portal's data (a line twice, an invoice under two accounts or moved from another account,
 *    an invoice's or an account's facts differing between rows); an account with any refused row
 *    is left as it was, entirely ("per account consistently"); every other account, invoice and
 *    line is upserted at once. So a patient sees an account either as it was or as the file says,
 *    never half of it, and two files of one client land one after the other.
 * 3. An invoice's balance is the file's, less what was paid in the portal after the file was
 *    produced; a file older than the one an invoice last came from leaves it alone. A balance of
 *    zero closes an invoice; a full file closes the open invoices it does not name.
 *
 * A file refused whole (its header, its encoding, its size, an exact repeat) writes nothing but its
 * report. A dry run does everything and then rolls the data back, keeping the report.
 */
import { sql } from 'drizzle-orm';
import { copyRows, copyText, queryRows, type Database } from '../../db/client';
import { StatementRefused, fileProblem, type StatementInputRow } from './csv-statement';
import { checkRow, printable, type ImportProblem, type StatementLine } from './statement-row';
import { queueWebhookEvent } from '../webhooks/webhook-events';

export interface ImportCounts {
  rowsRead: number;
  rowsRefused: number;
  accountsCreated: number;
  accountsUpdated: number;
  accountsUnchanged: number;
  invoicesCreated: number;
  invoicesUpdated: number;
  invoicesUnchanged: number;
  invoicesClosed: number;
}

export interface ImportRequest {
  clientId: number;
  source: 'csv' | 'json';
  fileName: string;
  scope: 'full' | 'partial';
  dryRun: boolean;
  apiKeyId: number | null;
  rows: AsyncIterable<StatementInputRow> | Iterable<StatementInputRow>;
  /** SHA-256 (hex) of the file's bytes, known once `rows` has ended. */
  checksum: () => string;
  /** Told the rows read so far, now and then. */
  onProgress?: (rowsRead: number) => void;
}

export interface ImportOutcome extends ImportCounts {
  id: number;
  status: 'imported' | 'refused';
  message: string | null;
}

/** Rows staged per statement. */
const BATCH_ROWS = 5000;
/** Rows read and checked between two turns of the event loop (about 2 ms of work). */
const YIELD_EVERY_ROWS = 100;
/** Problems of single rows an import keeps for its report; past them it counts, and says how many it left out. */
export const MAX_PROBLEMS_KEPT = 10_000;
/** The lock that serialises one client's imports (with the client's id as its second key). */
export const IMPORT_LOCK_KEY = 7_340_212;

const zeroCounts = (): ImportCounts => ({
  rowsRead: 0,
  rowsRefused: 0,
  accountsCreated: 0,
  accountsUpdated: 0,
  accountsUnchanged: 0,
  invoicesCreated: 0,
  invoicesUpdated: 0,
  invoicesUnchanged: 0,
  invoicesClosed: 0,
});

/** Thrown to roll a dry run's transaction back, carrying what it would have done. */
class DryRunDone extends Error {
  constructor(readonly counts: ImportCounts) {
    super('dry run');
  }
}

interface Staged {
  place: { line: number | null; location: string };
  line: StatementLine | null;
  accountNumber: string | null;
}

/** The staged rows' columns after `import_id`, in the order `stagedValues` gives them (COPY reads each as its column's type). */
const stagedColumns = [
  'line',
  'location',
  'refused',
  'account_number',
  'guarantor_name',
  'guarantor_email',
  'guarantor_phone',
  'address_line1',
  'address_line2',
  'city',
  'region',
  'postal_code',
  'patient_name',
  'patient_birth_date',
  'invoice_number',
  'invoice_date',
  'due_date',
  'line_number',
  'service_date',
  'procedure_code',
  'description',
  'units',
  'charge_cents',
  'insurance_paid_cents',
  'adjustments_cents',
  'patient_paid_cents',
  'balance_cents',
  'payer_name',
  'claim_status',
  'good_faith_estimate_cents',
  'statement_message',
] as const;

const stagedColumnNames = ['import_id', ...stagedColumns];

/** A staged row as a line of COPY's text format, made as the row is read (so no batch is made in one go). */
function copyLine(importId: number, row: Staged): string {
  return `${String(importId)}\t${stagedValues(row).map(copyText).join('\t')}\n`;
}

function stagedValues({ place, line, accountNumber }: Staged): (string | number | boolean | null)[] {
  const l = line;
  return [
    place.line,
    place.location,
    l === null,
    l?.accountNumber ?? accountNumber,
    l?.guarantorName ?? null,
    l?.guarantorEmail ?? null,
    l?.guarantorPhone ?? null,
    l?.addressLine1 ?? null,
    l?.addressLine2 ?? null,
    l?.city ?? null,
    l?.region ?? null,
    l?.postalCode ?? null,
    l?.patientName ?? null,
    l?.patientBirthDate ?? null,
    l?.invoiceNumber ?? null,
    l?.invoiceDate ?? null,
    l?.dueDate ?? null,
    l?.lineNumber ?? null,
    l?.serviceDate ?? null,
    l?.procedureCode ?? null,
    l?.description ?? null,
    l?.units ?? null,
    l?.chargeCents ?? null,
    l?.insurancePaidCents ?? null,
    l?.adjustmentsCents ?? null,
    l?.patientPaidCents ?? null,
    l?.balanceCents ?? null,
    l?.payerName ?? null,
    l?.claimStatus ?? null,
    l?.goodFaithEstimateCents ?? null,
    l?.statementMessage ?? null,
  ];
}

/** Creates the statement import over the database. */
export function createStatementImport({ db, now, maxProblemsKept = MAX_PROBLEMS_KEPT }: { db: Database; now: () => Date; maxProblemsKept?: number }) {
  /** Stages a batch of rows, each a line of COPY's text format (`copyLine`), with COPY: a tenth of an INSERT's time. */
  async function stageRows(lines: string[]): Promise<void> {
    if (lines.length === 0) return;
    await copyRows(db, 'statement_import_rows', stagedColumnNames, lines.join(''));
  }

  async function recordProblems(clientId: number, importId: number, problems: ImportProblem[]): Promise<void> {
    if (problems.length === 0) return;
    const column = <K extends keyof ImportProblem>(key: K) =>
      sql.param(problems.map((problem) => (typeof problem[key] === 'string' ? printable(problem[key]) : problem[key])));
    await db.execute(sql`
      insert into statement_import_problems (client_id, import_id, line, location, "column", code, reason)
      select ${clientId}, ${importId}, * from unnest(${column('line')}::int[], ${column('location')}::text[], ${column('column')}::text[], ${column('code')}::text[], ${column('reason')}::text[])`);
  }

  async function refuse(request: ImportRequest, importId: number, counts: ImportCounts, refused: ImportProblem, producedAt: Date | null): Promise<ImportOutcome> {
    const problem = { ...refused, reason: printable(refused.reason) };
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from statement_import_rows where import_id = ${importId}`);
      await tx.execute(sql`delete from statement_import_problems where import_id = ${importId}`);
      await tx.execute(sql`
        insert into statement_import_problems (client_id, import_id, line, location, "column", code, reason)
        values (${request.clientId}, ${importId}, ${problem.line}, ${problem.location}, ${problem.column}, ${problem.code}, ${problem.reason})`);
      await tx.execute(sql`
        update statement_imports set status = 'refused', message = ${problem.reason}, rows_read = ${counts.rowsRead}, rows_refused = 0,
          produced_at = ${producedAt?.toISOString() ?? null}, finished_at = ${now().toISOString()}
        where id = ${importId}`);
    });
    return { ...zeroCounts(), rowsRead: counts.rowsRead, id: importId, status: 'refused', message: problem.reason };
  }

  /** Checks the staged rows against each other and the portal's data; refuses what fails, and each refused row's account. */
  async function checkAcrossRows(tx: Database, clientId: number, importId: number): Promise<void> {
    const rows = sql`statement_import_rows`;
    const place = (alias: string) => sql.raw(`coalesce('line ' || ${alias}.line, ${alias}.location)`);
    // A line twice (an invoice's line number is unique within the client's invoices).
    await tx.execute(sql`
      insert into statement_import_problems (client_id, import_id, line, location, "column", code, reason)
      select ${clientId}, ${importId}, r.line, r.location, 'line_number', 'duplicateLine',
        format('invoice %s line %s is also on %s; each line comes once', r.invoice_number, r.line_number, r.first_place)
      from (select *, row_number() over w as n, first_value(${place('s')}) over w as first_place
            from ${rows} s where import_id = ${importId} and not refused
            window w as (partition by invoice_number, line_number order by line, location)) r
      where r.n > 1`);
    // An invoice under two accounts in the file: every row of it is refused, the first account's too
    // (the file does not say which account is right, so neither gets it).
    await tx.execute(sql`
      insert into statement_import_problems (client_id, import_id, line, location, "column", code, reason)
      select ${clientId}, ${importId}, r.line, r.location, 'account_number', 'invoiceUnderTwoAccounts',
        format('invoice %s is under accounts %s in this file; an invoice belongs to one account', r.invoice_number, t.accounts)
      from ${rows} r
      join (select invoice_number, string_agg(distinct account_number, ', ') as accounts
            from ${rows} where import_id = ${importId} and not refused
            group by invoice_number having count(distinct account_number) > 1) t on t.invoice_number = r.invoice_number
      where r.import_id = ${importId} and not r.refused`);
    // An invoice's or an account's facts that differ from its first row.
    const differs = (partition: 'invoice_number' | 'account_number', columns: string[], code: 'invoiceDiffers' | 'accountDiffers', what: string) =>
      tx.execute(sql`
        insert into statement_import_problems (client_id, import_id, line, location, "column", code, reason)
        select ${clientId}, ${importId}, r.line, r.location, d.name, ${code},
          format('%s differs from %s of the same ${sql.raw(what)} %s', d.name, r.first_place, r.${sql.raw(partition)})
        from (select *, first_value(${place('s')}) over w as first_place,
                ${sql.raw(columns.map((name) => `first_value(s.${name}::text) over w as first_${name}`).join(', '))}
              from ${rows} s where import_id = ${importId} and not refused
              window w as (partition by ${sql.raw(partition)} order by line, location)) r
        cross join lateral (values ${sql.raw(columns.map((name) => `('${name === 'region' ? 'guarantor_state' : name.startsWith('address') || name === 'city' || name === 'postal_code' ? `guarantor_${name}` : name === 'good_faith_estimate_cents' ? 'good_faith_estimate' : name}', r.${name}::text is distinct from r.first_${name})`).join(', '))}) as d(name, different)
        where d.different`);
    await differs('invoice_number', ['invoice_date', 'due_date', 'patient_name', 'patient_birth_date', 'good_faith_estimate_cents', 'statement_message'], 'invoiceDiffers', 'invoice');
    await differs('account_number', ['guarantor_name', 'guarantor_email', 'guarantor_phone', 'address_line1', 'address_line2', 'city', 'region', 'postal_code'], 'accountDiffers', 'account');
    // An invoice the portal has under another account of the client.
    await tx.execute(sql`
      insert into statement_import_problems (client_id, import_id, line, location, "column", code, reason)
      select ${clientId}, ${importId}, r.line, r.location, 'account_number', 'invoiceOfAnotherAccount',
        format('invoice %s belongs to account %s; an invoice cannot move to account %s', r.invoice_number, a.account_number, r.account_number)
      from ${rows} r
      join invoices i on i.client_id = ${clientId} and i.invoice_number = r.invoice_number
      join accounts a on a.client_id = i.client_id and a.id = i.account_id
      where r.import_id = ${importId} and not r.refused and a.account_number <> r.account_number`);
    await tx.execute(sql`
      update ${rows} r set refused = true
      where r.import_id = ${importId} and not r.refused
        and exists (select 1 from statement_import_problems p where p.import_id = ${importId} and p.line is not distinct from r.line and p.location = r.location)`);
    // Per account, consistently: the rest of an account with a refused row is refused too.
    await tx.execute(sql`
      with refused_accounts as materialized (
        select account_number, min(${place('f')}) as first_place from ${rows} f
        where f.import_id = ${importId} and f.refused and f.account_number is not null group by account_number
      ), held as (
        update ${rows} r set refused = true from refused_accounts ra
        where r.import_id = ${importId} and not r.refused and r.account_number = ra.account_number
        returning r.line, r.location, r.account_number, ra.first_place
      )
      insert into statement_import_problems (client_id, import_id, line, location, "column", code, reason)
      select ${clientId}, ${importId}, line, location, '', 'accountRefused',
        format('not imported: account %s is left as it was because %s of it was refused', account_number, first_place)
      from held`);
  }

  /** Applies the accepted rows; returns the counts. */
  async function apply(tx: Database, request: ImportRequest, importId: number, producedAt: Date): Promise<Omit<ImportCounts, 'rowsRead' | 'rowsRefused'>> {
    const { clientId } = request;
    const produced = producedAt.toISOString();
    const at = now().toISOString();
    const single = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T> => {
      const [row] = await queryRows<T>(tx, query);
      if (!row) throw new Error('The statement answered no row');
      return row;
    };

    const accounts = await single<{ created: number; updated: number; total: number }>(sql`
      with src as (
        select distinct on (account_number) account_number, guarantor_name, guarantor_email, coalesce(guarantor_phone, '') as phone,
          coalesce(address_line1, '') as address_line1, coalesce(address_line2, '') as address_line2, coalesce(city, '') as city,
          coalesce(region, '') as region, nullif(postal_code, '') as postal_code
        from statement_import_rows where import_id = ${importId} and not refused
        order by account_number, line, location
      ), upserted as (
        insert into accounts (client_id, account_number, holder_name, email, phone, address_line1, address_line2, city, region, guarantor_postal_code)
        select ${clientId}, account_number, guarantor_name, guarantor_email, phone, address_line1, address_line2, city, region, postal_code from src
        on conflict (client_id, account_number) do update set
          holder_name = excluded.holder_name, email = excluded.email, phone = excluded.phone, address_line1 = excluded.address_line1,
          address_line2 = excluded.address_line2, city = excluded.city, region = excluded.region, guarantor_postal_code = excluded.guarantor_postal_code
        where (accounts.holder_name, accounts.email, accounts.phone, accounts.address_line1, accounts.address_line2, accounts.city, accounts.region, accounts.guarantor_postal_code)
          is distinct from (excluded.holder_name, excluded.email, excluded.phone, excluded.address_line1, excluded.address_line2, excluded.city, excluded.region, excluded.guarantor_postal_code)
        returning (xmax = 0) as created
      )
      select (select count(*) from upserted where created)::int as created, (select count(*) from upserted where not created)::int as updated,
        (select count(*) from src)::int as total`);

    const lineText = (alias: string) =>
      sql.raw(
        `concat_ws('|', ${alias}.line_number, ${alias}.service_date, ${alias}.procedure_code, ${alias}.description, ${alias}.units, ${alias}.charge_cents, ` +
          `${alias}.insurance_paid_cents, ${alias}.adjustments_cents, ${alias}.patient_paid_cents, ${alias}.balance_cents, ${alias}.payer_name, ${alias}.claim_status)`,
      );
    await tx.execute(sql`
      create temp table import_plan on commit drop as
      with src as (
        select account_number, invoice_number, min(invoice_date) as invoice_date, min(due_date) as due_date,
          (array_agg(description order by line_number))[1] as description,
          coalesce((array_agg(patient_name order by line_number))[1], '') as patient_name,
          (array_agg(patient_birth_date order by line_number))[1] as patient_birth_date,
          (array_agg(good_faith_estimate_cents order by line_number))[1] as estimate,
          coalesce((array_agg(statement_message order by line_number))[1], '') as message,
          sum(charge_cents - insurance_paid_cents - adjustments_cents)::int as amount,
          sum(balance_cents)::int as statement_balance,
          md5(string_agg(${lineText('s')}, E'\n' order by line_number)) as lines_digest
        from statement_import_rows s where import_id = ${importId} and not refused
        group by account_number, invoice_number
      )
      select s.*, a.id as account_id, i.id as invoice_id, i.id is null as is_new,
        coalesce(i.statement_produced_at > ${produced}::timestamptz, false) as is_stale,
        i.balance_cents as old_balance, i.closed_at as old_closed_at,
        (i.invoice_date, i.due_date, i.description, i.amount_cents, i.patient_name, i.patient_birth_date, i.good_faith_estimate_cents, i.statement_message)
          is not distinct from (s.invoice_date, s.due_date, s.description, s.amount, s.patient_name, s.patient_birth_date, s.estimate, s.message) as same_facts,
        (select md5(string_agg(${lineText('l')}, E'\n' order by l.line_number)) from invoice_lines l where l.client_id = ${clientId} and l.invoice_id = i.id)
          is not distinct from s.lines_digest as same_lines,
        greatest(0, s.statement_balance - coalesce((
          select sum(pl.amount_cents) from payment_lines pl join payments p on p.client_id = pl.client_id and p.id = pl.payment_id
          where pl.client_id = ${clientId} and pl.invoice_id = i.id and p.paid_at > ${produced}::timestamptz), 0))::int as new_balance
      from src s
      join accounts a on a.client_id = ${clientId} and a.account_number = s.account_number
      left join invoices i on i.client_id = ${clientId} and i.invoice_number = s.invoice_number`);
    // A temporary table is never analysed by itself: the statements below join it.
    await tx.execute(sql`analyze import_plan`);

    await tx.execute(sql`
      with created as (
        insert into invoices (client_id, account_id, invoice_number, description, invoice_date, due_date, amount_cents, balance_cents, patient_name,
          patient_birth_date, good_faith_estimate_cents, statement_message, statement_produced_at, statement_balance_cents, closed_at)
        select ${clientId}, account_id, invoice_number, description, invoice_date, due_date, amount, new_balance, patient_name, patient_birth_date,
          estimate, message, ${produced}::timestamptz, statement_balance, case when new_balance = 0 then ${at}::timestamptz end
        from import_plan where is_new
        returning id, invoice_number
      )
      update import_plan t set invoice_id = c.id from created c where t.invoice_number = c.invoice_number`);
    await tx.execute(sql`
      update invoices i set description = t.description, invoice_date = t.invoice_date, due_date = t.due_date, amount_cents = t.amount,
        balance_cents = t.new_balance, patient_name = t.patient_name, patient_birth_date = t.patient_birth_date,
        good_faith_estimate_cents = t.estimate, statement_message = t.message, statement_produced_at = ${produced}::timestamptz,
        statement_balance_cents = t.statement_balance,
        closed_at = case when t.new_balance = 0 then coalesce(i.closed_at, ${at}::timestamptz) end
      from import_plan t
      where i.client_id = ${clientId} and i.id = t.invoice_id and not t.is_new and not t.is_stale`);
    await tx.execute(sql`
      delete from invoice_lines l using import_plan t
      where l.client_id = ${clientId} and l.invoice_id = t.invoice_id and not t.is_new and not t.is_stale and not t.same_lines`);
    await tx.execute(sql`
      insert into invoice_lines (client_id, invoice_id, line_number, service_date, procedure_code, description, units, charge_cents,
        insurance_paid_cents, adjustments_cents, patient_paid_cents, balance_cents, payer_name, claim_status)
      select ${clientId}, t.invoice_id, r.line_number, r.service_date, r.procedure_code, r.description, r.units, r.charge_cents,
        r.insurance_paid_cents, r.adjustments_cents, r.patient_paid_cents, r.balance_cents, coalesce(r.payer_name, ''), coalesce(r.claim_status, '')
      from statement_import_rows r join import_plan t on t.invoice_number = r.invoice_number
      where r.import_id = ${importId} and not r.refused and (t.is_new or (not t.is_stale and not t.same_lines))`);

    const invoices = await single<{ created: number; closed: number; updated: number; total: number }>(sql`
      select count(*) filter (where is_new)::int as created,
        count(*) filter (where not is_new and not is_stale and new_balance = 0 and old_closed_at is null)::int as closed,
        count(*) filter (where not is_new and not is_stale and not (new_balance = 0 and old_closed_at is null)
          and not (same_facts and same_lines and new_balance = old_balance))::int as updated,
        count(*)::int as total
      from import_plan`);
    let missingClosed = 0;
    if (request.scope === 'full') {
      const closed = await single<{ closed: number }>(sql`
        with closed as (
          update invoices i set closed_at = ${at}::timestamptz
          where i.client_id = ${clientId} and i.closed_at is null and i.balance_cents > 0
            and not exists (select 1 from statement_import_rows r where r.import_id = ${importId} and r.invoice_number = i.invoice_number)
          returning 1
        ) select count(*)::int as closed from closed`);
      missingClosed = closed.closed;
    }
    return {
      accountsCreated: accounts.created,
      accountsUpdated: accounts.updated,
      accountsUnchanged: accounts.total - accounts.created - accounts.updated,
      invoicesCreated: invoices.created,
      invoicesUpdated: invoices.updated,
      invoicesUnchanged: invoices.total - invoices.created - invoices.updated - invoices.closed,
      invoicesClosed: invoices.closed + missingClosed,
    };
  }

  /** Runs an import to its end; a refused file is an outcome, not an error. */
  async function run(request: ImportRequest): Promise<ImportOutcome> {
    const { clientId } = request;
    const [started] = await queryRows<{ id: number }>(db, sql`
      insert into statement_imports (client_id, source, file_name, checksum, scope, dry_run, status, api_key_id, started_at)
      values (${clientId}, ${request.source}, ${request.fileName}, '', ${request.scope}, ${request.dryRun}, 'running', ${request.apiKeyId}, ${now().toISOString()})
      returning id`);
    if (!started) throw new Error('The import was not recorded');
    const importId = started.id;
    const counts = zeroCounts();
    let producedAt: Date | null = null;
    try {
      let batch: string[] = [];
      const stage = (row: Staged) => batch.push(copyLine(importId, row));
      let problems: ImportProblem[] = [];
      // A file of a million bad rows would otherwise write millions of problems: the first ones are
      // kept, the rest counted (each row is still refused: its staged row says so).
      let problemsKept = 0;
      let problemsLeftOut = 0;
      const keep = (found: ImportProblem[]) => {
        const room = Math.max(0, maxProblemsKept - problemsKept);
        problems.push(...found.slice(0, room));
        problemsKept += Math.min(room, found.length);
        problemsLeftOut += Math.max(0, found.length - room);
      };
      // One batch is written while the next is read and checked: the database and the parsing
      // overlap, and at most two batches are held in memory.
      let writing: Promise<void> = Promise.resolve();
      const flush = async () => {
        const [rows, found, read] = [batch, problems, counts.rowsRead];
        batch = [];
        problems = [];
        await writing;
        writing = (async () => {
          await stageRows(rows);
          await recordProblems(clientId, importId, found);
          // The report of an import under way shows the rows read so far (the console polls it).
          await db.execute(sql`update statement_imports set rows_read = ${read} where id = ${importId}`);
          request.onProgress?.(read);
        })();
        // Marked as handled here; awaited (and its failure thrown) before the next batch and at the end.
        writing.catch(() => undefined);
      };
      const checkedAt = now();
      for await (const row of request.rows) {
        counts.rowsRead += 1;
        if ('unreadable' in row) {
          keep([{ ...row.place, column: '', code: row.unreadable.code, reason: row.unreadable.reason }]);
          stage({ place: row.place, line: null, accountNumber: row.unreadable.accountNumber === null ? null : printable(row.unreadable.accountNumber) });
        } else {
          const checked = checkRow(row.raw, { now: checkedAt, money: request.source === 'csv' ? 'dollars' : 'cents' });
          if (checked.ok) {
            producedAt ??= checked.line.producedAt;
            if (checked.line.producedAt.getTime() !== producedAt.getTime()) {
              throw new StatementRefused(
                fileProblem('mixedProducedAt', `statement_produced_at differs from the first row's (${producedAt.toISOString()}); a file is produced at one time`, row.place.line),
              );
            }
            stage({ place: row.place, line: checked.line, accountNumber: checked.line.accountNumber });
          } else {
            keep(checked.problems.map((problem) => ({ ...row.place, ...problem })));
            stage({ place: row.place, line: null, accountNumber: checked.accountNumber === null ? null : printable(checked.accountNumber) });
          }
        }
        if (batch.length >= BATCH_ROWS) await flush();
        // The portal answers its patients between rows: reading and checking never hold the event loop for long.
        else if (counts.rowsRead % YIELD_EVERY_ROWS === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      if (problemsLeftOut > 0) {
        problems.push(
          fileProblem(
            'problemsNotKept',
            `${String(problemsLeftOut)} more problems of refused rows are not listed (an import lists the first ${String(maxProblemsKept)}); every refused row is counted, and none of them was imported`,
          ),
        );
      }
      await flush();
      await writing;
      // The checks and the apply are planned from the staged rows' statistics: gathered now, for
      // these rows (PGlite never gathers them by itself, and PostgreSQL's autovacuum may still
      // describe another import's), or a join over them is planned for a single row.
      await db.execute(sql`analyze statement_import_rows`);
      const checksum = request.checksum();
      await db.execute(sql`update statement_imports set checksum = ${checksum} where id = ${importId}`);

      const land = async (tx: Database, { checked }: { checked: boolean }): Promise<ImportCounts> => {
        await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY}, ${clientId})`);
        const [repeat] = await queryRows<{ id: number; finished_at: string | Date }>(tx, sql`
          select id, finished_at from statement_imports
          where client_id = ${clientId} and checksum = ${checksum} and status = 'imported' and not dry_run and id <> ${importId} limit 1`);
        if (repeat) {
          const when = new Date(repeat.finished_at).toISOString();
          throw new StatementRefused(fileProblem('alreadyImported', `this exact file was imported already (import ${String(repeat.id)}, ${when}); nothing was changed`));
        }
        if (!checked) await checkAcrossRows(tx, clientId, importId);
        const [refusedRows] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from statement_import_rows where import_id = ${importId} and refused`);
        const rowsRefused = refusedRows?.n ?? 0;
        const applied = producedAt ? await apply(tx, request, importId, producedAt) : { ...zeroCounts() };
        const outcome: ImportCounts = { ...zeroCounts(), ...applied, rowsRead: counts.rowsRead, rowsRefused };
        if (request.dryRun) throw new DryRunDone(outcome);
        await tx.execute(sql`delete from statement_import_rows where import_id = ${importId}`);
        await finish(tx, importId, outcome, producedAt);
        // The client's receivers hear of it with the import itself (a client's imports in order).
        await queueWebhookEvent(tx, {
          clientId,
          type: 'statement.imported',
          orderKey: 'imports',
          data: { importId, source: request.source, fileName: request.fileName, scope: request.scope, producedAt: producedAt?.toISOString() ?? null, ...outcome },
          createdAt: now(),
        });
        return outcome;
      };

      let outcome: ImportCounts;
      if (request.dryRun) {
        // The checks across rows keep their problems; only the data goes back.
        await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY}, ${clientId})`);
          await checkAcrossRows(tx, clientId, importId);
        });
        try {
          outcome = await db.transaction((tx) => land(tx, { checked: true }));
        } catch (error) {
          if (!(error instanceof DryRunDone)) throw error;
          outcome = error.counts;
        }
        await db.transaction(async (tx) => {
          await tx.execute(sql`delete from statement_import_rows where import_id = ${importId}`);
          await finish(tx, importId, outcome, producedAt);
        });
      } else {
        outcome = await db.transaction((tx) => land(tx, { checked: false }));
      }
      return { ...outcome, id: importId, status: 'imported', message: null };
    } catch (error) {
      if (error instanceof StatementRefused) return refuse(request, importId, counts, error.problem, producedAt);
      await refuse(request, importId, counts, fileProblem('serverError', 'the import failed on the server; nothing of the file was imported'), producedAt).catch(() => undefined);
      throw error;
    }
  }

  async function finish(tx: Database, importId: number, outcome: ImportCounts, producedAt: Date | null): Promise<void> {
    await tx.execute(sql`
      update statement_imports set status = 'imported', produced_at = ${producedAt?.toISOString() ?? null}, rows_read = ${outcome.rowsRead},
        rows_refused = ${outcome.rowsRefused}, accounts_created = ${outcome.accountsCreated}, accounts_updated = ${outcome.accountsUpdated},
        accounts_unchanged = ${outcome.accountsUnchanged}, invoices_created = ${outcome.invoicesCreated}, invoices_updated = ${outcome.invoicesUpdated},
        invoices_unchanged = ${outcome.invoicesUnchanged}, invoices_closed = ${outcome.invoicesClosed}, finished_at = ${now().toISOString()}
      where id = ${importId}`);
  }

  return { run };
}

export type StatementImport = ReturnType<typeof createStatementImport>;
