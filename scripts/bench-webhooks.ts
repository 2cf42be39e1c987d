/**
 * `npm run bench:webhooks`: payments out under load (issue 23). Over PostgreSQL (DATABASE_URL, or
 * a throwaway cluster when Debian's PostgreSQL is installed; else PGlite in memory), in this one
 * process, as the server assembles it: the payments service, the job queue and the webhook
 * dispatcher, delivering to a local receiver that verifies every signature.
 *
 * 1. Quiet: BENCH_QUIET payments (default 1,000) paced at BENCH_RATE per second (default 40),
 *    spread over 50 accounts, with a webhook endpoint but no deliveries running: each payment's
 *    latency (the whole MakePayment transaction).
 * 2. Loaded: BENCH_EVENTS payments (default 10,000) at the same pace while the dispatcher delivers
 *    them: each payment's latency again, and each event's delay from the payment's commit to its
 *    arrival at the receiver.
 *
 * Prints events/s delivered, the delay p50/p99, the payment p99 quiet and loaded and their ratio
 * (the same sitting: only ratios compare across runs on these shared machines), and PASS/FAIL for
 * the bars: delivery p99 under 5 s; payment p99 loaded within 10% of quiet. Exits 0 even
 * on a FAIL (a measurement, not a gate).
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { createJobQueue } from '../server/jobs/job-queue';
import { startJobs } from '../server/jobs/job-definition';
import { webhookJobs } from '../server/core/webhooks/webhook-dispatch';
import { developmentSecretBox } from '../server/security/secret-box';
import { seedDemoData } from '../server/seed/seed';
import { clientIdOf, createPayer, payableAccounts } from '../server/test/money-fixtures';
import { addLocalEndpoint, startWebhookReceiver } from '../server/test/webhook-receiver';
import { benchPostgres } from './bench/postgres';
import { runBenchmark } from './bench/processes';

const quietCount = Number(process.env.BENCH_QUIET ?? 1000);
const eventCount = Number(process.env.BENCH_EVENTS ?? 10_000);
const ratePerSecond = Number(process.env.BENCH_RATE ?? 40);
const ACCOUNTS = 50;
const MAX_DELIVERY_P99_MS = 5000;
const MAX_PAYMENT_SLOWDOWN = 1.1;
const cleanups: (() => void | Promise<void>)[] = [];

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const fmt = (value: number, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

async function main(): Promise<void> {
  const postgres = process.env.BENCH_DB === 'pglite' ? null : benchPostgres();
  if (postgres) cleanups.push(postgres.stop);
  const opened = await openDatabase(postgres ? { databaseUrl: postgres.url } : {});
  cleanups.push(() => opened.close());
  const { db } = opened;
  await seedDemoData(db);
  const clientId = await clientIdOf(db, 'SUN');
  const accounts = await payableAccounts(db, clientId, ACCOUNTS, 'BENCH');
  const secret: { value: string } = { value: '' };
  const receiver = await startWebhookReceiver(() => secret.value);
  cleanups.push(() => receiver.close());
  secret.value = (await addLocalEndpoint(db, clientId, receiver.url, 'bench')).secret;

  const pay = createPayer(db, clientId);
  const committedAt = new Map<string, number>();

  /** `count` payments at the pace, round the accounts; their latencies in ms. */
  async function payMany(count: number, offset: number, payOne = pay): Promise<number[]> {
    const latencies: number[] = [];
    const start = performance.now();
    for (let index = 0; index < count; index += 1) {
      const due = start + (index * 1000) / ratePerSecond;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const account = accounts[(offset + index) % accounts.length];
      if (!account) throw new Error('No bench account');
      const began = performance.now();
      const confirmationNumber = await payOne(account);
      const ended = performance.now();
      latencies.push(ended - began);
      committedAt.set(confirmationNumber, performance.timeOrigin + ended);
    }
    return latencies;
  }

  console.log(`Database: ${postgres ? 'PostgreSQL' : 'PGlite (in memory)'}; ${fmt(ratePerSecond)} payments/s over ${String(ACCOUNTS)} accounts\n`);
  console.log(`Quiet: ${fmt(quietCount)} payments, no deliveries running…`);
  const quiet = await payMany(quietCount, 0);
  // The quiet payments' deliveries are not part of what is measured.
  await db.execute(sql`delete from webhook_deliveries`);

  const queue = await createJobQueue({ db, warn: () => undefined });
  cleanups.push(() => queue.stop());
  // The receiver is on this machine: development's policy (WEBHOOKS_ALLOW_PRIVATE).
  await startJobs(queue, webhookJobs({ queue, delivery: { db, now: () => new Date(), secrets: developmentSecretBox(), allowPrivateAddresses: true } }));

  console.log(`Loaded: ${fmt(eventCount)} payments while their webhooks are delivered…`);
  const loadStart = Date.now();
  // Each payment asks for its webhooks' hand-over in its transaction, as the server's requests do.
  const loaded = await payMany(eventCount, quietCount, createPayer(db, clientId, undefined, queue));
  await receiver.waitFor(eventCount, 600_000);
  const loadEnd = Math.max(...receiver.events.map((event) => event.receivedAt));
  const delays = receiver.events.flatMap((event) => {
    const committed = committedAt.get(String(event.data.reference));
    return committed === undefined ? [] : [event.receivedAt - committed];
  });

  // In order per account: each account's events arrive in the order of their payments.
  const byAccount = new Map<string, string[]>();
  for (const event of receiver.events) byAccount.set(String(event.data.accountNumber), [...(byAccount.get(String(event.data.accountNumber)) ?? []), String(event.data.reference)]);
  const outOfOrder = [...byAccount.values()].filter((references) => references.some((reference, index) => index > 0 && (committedAt.get(reference) ?? 0) < (committedAt.get(references[index - 1] ?? '') ?? 0))).length;

  const quietP99 = percentile(quiet, 99);
  const loadedP99 = percentile(loaded, 99);
  const deliveryP99 = percentile(delays, 99);
  console.log(`
events delivered          ${fmt(receiver.events.length)} (repeats ${String(receiver.repeats)}, refused ${String(receiver.refused)}, accounts out of order ${String(outOfOrder)})
events/s                  ${fmt(receiver.events.length / ((loadEnd - loadStart) / 1000), 1)}
delay capture→delivery    p50 ${fmt(percentile(delays, 50))} ms, p99 ${fmt(deliveryP99)} ms, max ${fmt(Math.max(...delays))} ms
payment (MakePayment)     quiet p50 ${fmt(percentile(quiet, 50), 1)} ms p99 ${fmt(quietP99, 1)} ms; loaded p50 ${fmt(percentile(loaded, 50), 1)} ms p99 ${fmt(loadedP99, 1)} ms
payment p99 ratio         ${fmt(loadedP99 / quietP99, 3)} (loaded ÷ quiet)

${verdict(deliveryP99 < MAX_DELIVERY_P99_MS && outOfOrder === 0 && receiver.events.length === eventCount)}  delivery p99 under ${String(MAX_DELIVERY_P99_MS / 1000)} s while healthy, every event once, in order per account
${verdict(loadedP99 <= quietP99 * MAX_PAYMENT_SLOWDOWN)}  payment p99 within 10% of its quiet figure`);
}

await runBenchmark(main, cleanups);
process.exit(0);
