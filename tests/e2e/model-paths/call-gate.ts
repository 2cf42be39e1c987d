/**
 * Holds the page's calls to chosen API endpoints until the test answers them, so a path's
 * "the server answers ..." steps happen exactly when the path says: passed on to the real server,
 * answered with a given body or status, or failed as if the network were down.
 */
import type { Page, Request, Route } from '@playwright/test';

/** How a held call is answered. */
export type Answer =
  | { kind: 'server' }
  | { kind: 'json'; body: unknown; status?: number }
  | { kind: 'offline' };

/** The real server answers. */
export const fromServer: Answer = { kind: 'server' };
/** The network fails (fetch rejects). */
export const offline: Answer = { kind: 'offline' };
/** An answer of the test's own, in the API's shape. */
export const json = (body: unknown, status = 200): Answer => ({ kind: 'json', body, status });
/** A refusal with the API's error code. */
export const refusal = (status: number, code: string): Answer => json({ error: code }, status);

/** The error code a model's failure event carries (`{ code }`), if any. */
export function errorCodeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** A failure as the page meets it: the network down (no code, or `network`), or the API refusing with the code at its status (500 unless listed). */
export function failureAnswer(error: unknown, statuses: Readonly<Record<string, number>>): Answer {
  const code = errorCodeOf(error) ?? 'network';
  return code === 'network' ? offline : refusal(statuses[code] ?? 500, code);
}

/** How long a step waits for the page to make a call it expects (the page's own work, never a timer of the test). */
const callTimeout = 15000;

const endpointOf = (url: string) => new URL(url).pathname.replace(/^\/api\//, '').toLowerCase();

export class CallGate {
  private readonly held = new Set<string>();
  private readonly queues = new Map<string, Route[]>();
  private readonly waiters = new Map<string, (() => void)[]>();
  private readonly seen = new Map<string, number>();
  private readonly atStop = new Map<string, Answer>();
  private readonly standing = new Map<string, Answer>();

  constructor(private readonly page: Page) {}

  private readonly handler = async (route: Route): Promise<void> => {
    const endpoint = endpointOf(route.request().url());
    this.seen.set(endpoint, (this.seen.get(endpoint) ?? 0) + 1);
    const standing = this.standing.get(endpoint);
    if (standing) {
      await this.settle(route, standing);
      return;
    }
    if (!this.held.has(endpoint)) {
      await route.fallback();
      return;
    }
    const queue = this.queues.get(endpoint) ?? [];
    queue.push(route);
    this.queues.set(endpoint, queue);
    for (const wake of this.waiters.get(endpoint) ?? []) wake();
    this.waiters.delete(endpoint);
  };

  /** Starts intercepting the page's API calls (all pass through until one is held). */
  async install(): Promise<void> {
    await this.page.route('**/api/**', this.handler);
  }

  /** Holds every later call to these endpoints (`User/GetIsUserLoggedIn`, case as you like), whatever answered them until now. */
  hold(...endpoints: string[]): void {
    for (const endpoint of endpoints) {
      this.held.add(endpoint.toLowerCase());
      this.standing.delete(endpoint.toLowerCase());
    }
  }

  /** Lets later calls to these endpoints through; calls already held stay held. */
  release(...endpoints: string[]): void {
    for (const endpoint of endpoints) this.held.delete(endpoint.toLowerCase());
  }

  /** How many calls to the endpoint the page has made so far. */
  calls(endpoint: string): number {
    return this.seen.get(endpoint.toLowerCase()) ?? 0;
  }

  /** How many calls to the endpoint are held now. */
  waiting(endpoint: string): number {
    return this.queues.get(endpoint.toLowerCase())?.length ?? 0;
  }

  /** Waits until the page has made a call to the endpoint that is now held (the oldest one). */
  async arrived(endpoint: string): Promise<void> {
    const key = endpoint.toLowerCase();
    if (!this.held.has(key)) throw new Error(`The calls to ${endpoint} are not held`);
    if ((this.queues.get(key)?.length ?? 0) > 0) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`The page made no call to ${endpoint} within ${String(callTimeout / 1000)} s`)), callTimeout);
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.set(key, [...(this.waiters.get(key) ?? []), wake]);
    });
  }

  /**
   * Answers the oldest held call to the endpoint (waiting for the page to make it, if need be), or
   * as its request says (calls to one endpoint that differ by their query, made together).
   */
  async answer(endpoint: string, answer: Answer | ((request: Request) => Answer)): Promise<void> {
    await this.arrived(endpoint);
    const route = this.queues.get(endpoint.toLowerCase())?.shift();
    if (!route) throw new Error(`No held call to ${endpoint}`);
    await this.settle(route, typeof answer === 'function' ? answer(route.request()) : answer);
  }

  /**
   * How the calls to the endpoint still held when the path ends are answered, instead of by the
   * real server (a payment the path left in flight must not be made).
   */
  answerAtStop(endpoint: string, answer: Answer): void {
    this.atStop.set(endpoint.toLowerCase(), answer);
  }

  /**
   * Answers the calls to the endpoint held now, and every later one, with this answer: for a step
   * after which the page asks as often as it likes (a session signed in now, asked by each route).
   */
  async answerAll(endpoint: string, answer: Answer): Promise<void> {
    const key = endpoint.toLowerCase();
    this.standing.set(key, answer);
    const routes = this.queues.get(key) ?? [];
    this.queues.delete(key);
    await Promise.all(routes.map((route) => this.settle(route, answer)));
  }

  /** Stops holding: every call still held goes on to the real server (or as `answerAtStop` says). */
  async stop(): Promise<void> {
    this.held.clear();
    const pending = [...this.queues.entries()].flatMap(([endpoint, routes]) => routes.map((route) => ({ endpoint, route })));
    this.queues.clear();
    await Promise.all(pending.map(({ endpoint, route }) => this.settle(route, this.atStop.get(endpoint) ?? fromServer).catch(() => undefined)));
  }

  private async settle(route: Route, answer: Answer): Promise<void> {
    if (answer.kind === 'server') await route.fallback();
    else if (answer.kind === 'offline') await route.abort('internetdisconnected');
    else await route.fulfill({ status: answer.status ?? 200, contentType: 'application/json', body: JSON.stringify(answer.body) });
  }

  /**
   * Settles the oldest held call to the endpoint that the page has given up on (its request
   * aborted, as when the machine moved on and asked again), so the next answer goes to the newer call.
   */
  async abandon(endpoint: string): Promise<void> {
    const route = this.queues.get(endpoint.toLowerCase())?.shift();
    if (!route) throw new Error(`No held call to ${endpoint}`);
    await route.abort('aborted').catch(() => undefined);
  }
}
