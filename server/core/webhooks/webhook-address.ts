/**
 * Where webhooks may go: https to a host on the public internet. Refused: plain http, a user or
 * password in the address, and every address of this machine or of a network behind it: loopback,
 * private (10/8, 172.16/12, 192.168/16), shared (100.64/10), link-local (169.254/16, fe80::/10,
 * where the cloud's metadata service answers), unique-local (fc00::/7), multicast, broadcast,
 * unspecified and reserved, however the address is written (`127.1`, `2130706433`, `0x7f000001`,
 * `0177.0.0.1`: the URL parser reads each as 127.0.0.1) and inside IPv6 (`::ffff:127.0.0.1`, and
 * any IPv6 address outside the global unicast 2000::/3). `localhost` is refused by its name.
 *
 * A name is checked when it is resolved, at each delivery: `guardedLookup` resolves it, refuses it
 * when any of its addresses is refused, and hands the connection the very addresses it checked, so
 * a name that answers a public address to the check and a private one to the connection (DNS
 * rebinding) still reaches only the address that was checked.
 *
 * For development and tests only (`WEBHOOKS_ALLOW_PRIVATE`), `allowPrivate` lets plain http and
 * this machine's and private networks' addresses through; link-local, multicast, broadcast,
 * unspecified and the cloud metadata addresses stay refused even then.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { WebhookUrlProblem } from '@contracts/payments-out';

export interface WebhookAddressPolicy {
  /** Development only: plain http, and addresses on this machine and on private networks. */
  allowPrivate: boolean;
}

/** The product's policy: https to public addresses only. */
export const PUBLIC_ONLY: WebhookAddressPolicy = { allowPrivate: false };

/** Metadata services outside the ranges refused anyway even in development (link-local is). */
const METADATA_ADDRESSES = new Set(['fd00:ec2::254', '100.100.100.200']);
/** IPv6's global unicast space: anything else (IPv4-compatible `::a.b.c.d`, say) is refused. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
/** What no policy lets through. */
const NEVER = new Set(['unspecified', 'broadcast', 'multicast', 'linkLocal']);

/** Whether a connection to this IP address (as `dns.lookup` or the URL parser writes it) is refused. */
export function isRefusedAddress(address: string, policy: WebhookAddressPolicy): boolean {
  if (isIP(address) === 0) return true;
  // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (NEVER.has(range) || METADATA_ADDRESSES.has(parsed.toString())) return true;
  if (policy.allowPrivate) return false;
  if (range !== 'unicast') return true;
  return parsed.kind() === 'ipv6' && !parsed.match(GLOBAL_UNICAST);
}

/** The host of a parsed URL without IPv6's brackets or a trailing dot. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.+$/, '');

/**
 * Why an endpoint's address may not be called, or null: its scheme, a user or password in it, or
 * a host that is an IP address refused or `localhost`. A name is checked again when resolved.
 */
export function webhookUrlProblem(text: string, policy: WebhookAddressPolicy): WebhookUrlProblem | null {
  if (!URL.canParse(text)) return 'addressNotAllowed';
  const url = new URL(text);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowPrivate)) return 'schemeNotAllowed';
  if (url.username !== '' || url.password !== '') return 'credentialsNotAllowed';
  const host = hostOf(url);
  if (host === '') return 'addressNotAllowed';
  if (isIP(host) !== 0) return isRefusedAddress(host, policy) ? 'addressNotAllowed' : null;
  if (!policy.allowPrivate && (host === 'localhost' || host.endsWith('.localhost'))) return 'addressNotAllowed';
  return null;
}

/** Thrown (and given to a connection's callback) when a delivery's address is refused. */
export class WebhookAddressRefused extends Error {
  override readonly name = 'WebhookAddressRefused';
  constructor(readonly host: string) {
    super(`The address of ${host} is not one webhooks may go to`);
  }
}

/** Resolves a name to every address it has (tests give their own answers). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

/**
 * A `lookup` for a connection (an agent's or a request's option): resolves the name once, refuses
 * it when any of its addresses is refused, and otherwise answers those same addresses, so the
 * socket connects to an address that was checked.
 */
export function guardedLookup(policy: WebhookAddressPolicy, resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const family = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
        const usable = addresses.filter((each) => family === 0 || each.family === family);
        const [first] = usable;
        if (addresses.some((each) => isRefusedAddress(each.address, policy))) {
          callback(new WebhookAddressRefused(hostname), '');
          return;
        }
        if (!first) {
          callback(Object.assign(new Error(`${hostname} has no address to connect to`), { code: 'ENOTFOUND' }), '');
          return;
        }
        if (options.all) callback(null, usable);
        else callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), ''),
    );
  };
}
