/**
 * Sending a delivery (issue 33, item 2): an address the policy refuses is never connected to,
 * whether it is written in the URL or a name resolves to it, and the connection goes to the
 * address that was checked (DNS rebinding cannot slip another in).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ONLY, WebhookAddressRefused, type Resolver } from './webhook-address';
import { createWebhookSender, type WebhookPost } from './webhook-sender';

/** A receiver on every local address: it counts connections and says which address each reached. */
let server: Server;
let port = 0;
const reached: string[] = [];
let connections = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    reached.push(request.socket.localAddress ?? '');
    request.resume();
    request.on('end', () => response.writeHead(503, { 'Content-Type': 'text/plain' }).end('a body the portal never shows'));
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const post = (url: string): WebhookPost => ({ url, headers: { 'Content-Type': 'application/json' }, body: '{}', signal: AbortSignal.timeout(5000) });

/** A resolver with fixed answers, counting its calls. */
function resolver(answers: Record<string, string[] | (() => string[])>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve: Resolver = (hostname) => {
    calls.push(hostname);
    const answer = answers[hostname];
    const addresses = typeof answer === 'function' ? answer() : answer;
    if (!addresses) return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    return Promise.resolve(addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })));
  };
  return Object.assign(resolve, { calls });
}

describe('a delivery under the product’s policy', () => {
  it('never connects to this machine, however its address is written', async () => {
    const send = createWebhookSender(PUBLIC_ONLY, { resolve: resolver({}) });
    const before = connections;
    for (const host of ['127.0.0.1', '127.1', '2130706433', '0x7f000001', '0177.0.0.1', '[::ffff:127.0.0.1]', 'localhost']) {
      for (const scheme of ['http', 'https']) await expect(send(post(`${scheme}://${host}:${String(port)}/hooks`)), `${scheme}://${host}`).rejects.toBeInstanceOf(WebhookAddressRefused);
    }
    expect(connections).toBe(before);
  });

  it('never connects to a name that resolves to a refused address, or to one address of it that is', async () => {
    const names = resolver({
      'loopback.example.test': ['127.0.0.1'],
      'mapped.example.test': ['::ffff:127.0.0.1'],
      'metadata.example.test': ['169.254.169.254'],
      'private.example.test': ['10.1.2.3'],
      'mixed.example.test': ['93.184.216.34', '127.0.0.1'],
    });
    const send = createWebhookSender(PUBLIC_ONLY, { resolve: names });
    const before = connections;
    for (const name of ['loopback', 'mapped', 'metadata', 'private', 'mixed']) {
      await expect(send(post(`https://${name}.example.test:${String(port)}/hooks`)), name).rejects.toBeInstanceOf(WebhookAddressRefused);
    }
    expect(connections).toBe(before);
    expect(names.calls).toHaveLength(5);
  });
});

describe('a delivery under development’s setting', () => {
  it('connects to the address its one lookup checked, whatever the name answers next (no DNS rebinding)', async () => {
    // The first answer is the one checked; a second lookup would answer another address.
    let asked = 0;
    const names = resolver({ 'rebinding.example.test': () => (asked++ === 0 ? ['127.0.0.2'] : ['127.0.0.1']) });
    const send = createWebhookSender({ allowPrivate: true }, { resolve: names });
    reached.length = 0;
    expect(await send(post(`http://rebinding.example.test:${String(port)}/hooks`))).toBe(503);
    expect(reached).toEqual(['127.0.0.2']);
    expect(names.calls).toEqual(['rebinding.example.test']);
  });

  it('still never connects to a metadata address', async () => {
    const send = createWebhookSender({ allowPrivate: true }, { resolve: resolver({ 'metadata.example.test': ['169.254.169.254'] }) });
    await expect(send(post('http://169.254.169.254/latest/meta-data'))).rejects.toBeInstanceOf(WebhookAddressRefused);
    await expect(send(post('http://metadata.example.test/latest/meta-data'))).rejects.toBeInstanceOf(WebhookAddressRefused);
  });
});
