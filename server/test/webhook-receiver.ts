/**
 * A webhook receiver for tests and the benchmark, as a billing office would run one: it listens on
 * this machine, verifies each delivery's Standard Webhooks signature, keeps the first delivery of
 * each `webhook-id` (its own deduplication) and counts the repeats. It can be told to answer 500
 * (down) or to hold its answers (slow) for a while.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { Database } from '../db/client';
import { createWebhookEndpointsService } from '../core/webhooks/webhook-endpoints.service';
import { developmentSecretBox } from '../security/secret-box';

export interface ReceivedEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
  receivedAt: number;
}

export interface WebhookReceiver {
  url: string;
  /** The first delivery of each event, in the order they were accepted. */
  readonly events: ReceivedEvent[];
  /** Deliveries of an event already accepted (a retry after a lost answer, a replay). */
  readonly repeats: number;
  /** Deliveries refused: a bad signature, or while down. */
  readonly refused: number;
  /** While true, every delivery is answered 500. */
  down: boolean;
  /** Each answer waits this long first. */
  delayMs: number;
  /** Resolves once `count` distinct events have arrived, or rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return body;
}

export async function startWebhookReceiver(secret: () => string): Promise<WebhookReceiver> {
  const events: ReceivedEvent[] = [];
  const seen = new Set<string>();
  const waiters = new Set<() => void>();
  const state = { repeats: 0, refused: 0, down: false, delayMs: 0 };
  const server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      let payload: { type: string; data: Record<string, unknown> };
      try {
        payload = new Webhook(secret()).verify(body, request.headers as Record<string, string>) as typeof payload;
      } catch {
        state.refused += 1;
        response.writeHead(400).end();
        return;
      }
      if (state.down) {
        state.refused += 1;
        response.writeHead(500).end();
        return;
      }
      const id = String(request.headers['webhook-id']);
      if (seen.has(id)) state.repeats += 1;
      else {
        seen.add(id);
        events.push({ id, type: payload.type, data: payload.data, receivedAt: Date.now() });
        for (const waiter of waiters) waiter();
      }
      response.writeHead(204).end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/hooks`,
    events,
    get repeats() {
      return state.repeats;
    },
    get refused() {
      return state.refused;
    },
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    waitFor(count, timeoutMs = 30_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (events.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${String(events.length)} of ${String(count)} events arrived in ${String(timeoutMs)} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Adds a webhook endpoint of the client at a receiver on this machine, as development allows
 * (WEBHOOKS_ALLOW_PRIVATE: the product refuses such an address), taking every event. Its id and
 * signing secret.
 */
export async function addLocalEndpoint(db: Database, clientId: number, url: string, description = ''): Promise<{ id: number; secret: string }> {
  const made = await createWebhookEndpointsService({ db, now: () => new Date(), secrets: developmentSecretBox(), allowPrivateAddresses: true }).create(clientId, { url, description, eventTypes: [] });
  if ('refused' in made) throw new Error(`The receiver's address was refused: ${made.refused}`);
  return { id: made.id, secret: made.secret };
}
