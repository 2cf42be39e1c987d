/**
 * Sends one webhook delivery: a POST over http(s), through agents whose every connection goes to
 * an address the policy allows (webhook-address.ts): an address written in the URL is checked
 * before anything is sent, a name when it is resolved, and the socket connects to the address
 * that was checked. A redirect is not followed (the endpoint is the address the office gave), and
 * the answer's body is read and dropped (at most 64 KiB of it): only its status counts.
 */
import http from 'node:http';
import https from 'node:https';
import { guardedLookup, WebhookAddressRefused, webhookUrlProblem, type Resolver, type WebhookAddressPolicy } from './webhook-address';

export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Ends the attempt (its time-out, or the server stopping). */
  signal: AbortSignal;
}

/** Sends a delivery: resolves with the answer's status, rejects when there was no answer. */
export type WebhookSender = (post: WebhookPost) => Promise<number>;

/** More of an answer's body than this is not read: the connection is dropped. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** A sender under `policy`; `resolve` answers names (tests give their own). */
export function createWebhookSender(policy: WebhookAddressPolicy, { resolve }: { resolve?: Resolver } = {}): WebhookSender {
  const lookup = guardedLookup(policy, resolve);
  const agents = { http: new http.Agent({ keepAlive: true, lookup }), https: new https.Agent({ keepAlive: true, lookup }) };
  return ({ url, headers, body, signal }) =>
    new Promise<number>((resolve, reject) => {
      // An address written in the URL is never looked up: it is checked here, before any connection.
      if (webhookUrlProblem(url, policy) !== null) {
        reject(new WebhookAddressRefused(URL.canParse(url) ? new URL(url).host : url));
        return;
      }
      const target = new URL(url);
      const secure = target.protocol === 'https:';
      const request = (secure ? https : http).request(
        target,
        { method: 'POST', headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) }, agent: secure ? agents.https : agents.http, signal },
        (response) => {
          const status = response.statusCode ?? 0;
          let read = 0;
          response.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_ANSWER_BYTES) response.destroy();
          });
          response.once('close', () => resolve(status));
        },
      );
      request.once('error', reject);
      request.end(body);
    });
}
