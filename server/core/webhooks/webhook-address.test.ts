/**
 * Where webhooks may go (issue 33, item 2): https to public hosts only, whatever the notation of
 * an address; plain http and this machine's or private networks' addresses only under
 * development's setting, which still refuses link-local and metadata addresses.
 */
import { describe, expect, it } from 'vitest';
import { isRefusedAddress, PUBLIC_ONLY, webhookUrlProblem } from './webhook-address';

const DEVELOPMENT = { allowPrivate: true };

describe('the addresses webhooks may reach', () => {
  const refusedEverywhere = [
    '169.254.169.254',
    '169.254.170.2',
    'fe80::1',
    'fd00:ec2::254',
    '100.100.100.200',
    '::ffff:169.254.169.254',
    '224.0.0.1',
    'ff02::1',
    '255.255.255.255',
    '0.0.0.0',
    '::',
  ];
  const refusedUnlessDevelopment = [
    '127.0.0.1',
    '127.255.255.254',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    'fd00::1',
    'fc00::1',
    '::ffff:10.0.0.1',
    // IPv4 inside IPv6 some other way: IPv4-compatible, NAT64, 6to4, Teredo.
    '::7f00:1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
    '2001:0:7f00:1::1',
    // Documentation, benchmarking and reserved.
    '192.0.2.1',
    '198.51.100.1',
    '203.0.113.1',
    '198.18.0.1',
    '240.0.0.1',
    '2001:db8::1',
  ];
  const publicAddresses = ['93.184.216.34', '8.8.8.8', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '2a00:1450:4001::1', '::ffff:8.8.8.8'];

  it('refuses loopback, private, shared, unique-local, reserved and embedded IPv4 addresses, and lets public ones through', () => {
    for (const address of [...refusedEverywhere, ...refusedUnlessDevelopment]) expect(isRefusedAddress(address, PUBLIC_ONLY), address).toBe(true);
    for (const address of publicAddresses) expect(isRefusedAddress(address, PUBLIC_ONLY), address).toBe(false);
  });

  it('under development’s setting, lets this machine and private networks through, never link-local, multicast or metadata', () => {
    for (const address of refusedEverywhere) expect(isRefusedAddress(address, DEVELOPMENT), address).toBe(true);
    for (const address of [...refusedUnlessDevelopment, ...publicAddresses]) expect(isRefusedAddress(address, DEVELOPMENT), address).toBe(false);
  });

  it('refuses what is not an IP address at all', () => {
    expect(isRefusedAddress('localhost', DEVELOPMENT)).toBe(true);
    expect(isRefusedAddress('', DEVELOPMENT)).toBe(true);
  });
});

describe('an endpoint’s address', () => {
  it('is refused for this machine in every notation, for private networks and metadata, and for localhost by name', () => {
    const refused = [
      'https://127.0.0.1/hooks',
      'https://127.1/hooks',
      'https://2130706433/hooks',
      'https://0x7f000001/hooks',
      'https://0177.0.0.1/hooks',
      'https://0x7f.1/hooks',
      'https://%31%32%37.0.0.1/hooks',
      'https://127.0.0.1.:8443/hooks',
      'https://[::1]/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
      'https://[0:0:0:0:0:ffff:7f00:1]/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://[::ffff:a9fe:a9fe]/latest/meta-data',
      'https://10.0.0.5/hooks',
      'https://167772165/hooks',
      'https://192.168.0.10:8443/hooks',
      'https://172.20.1.1/hooks',
      'https://[fd00::1]/hooks',
      'https://[fe80::1]/hooks',
      'https://0.0.0.0/hooks',
      'https://0/hooks',
      'https://[::]/hooks',
      'https://localhost/hooks',
      'https://LOCALHOST./hooks',
      'https://billing.localhost/hooks',
    ];
    for (const url of refused) expect(webhookUrlProblem(url, PUBLIC_ONLY), url).toBe('addressNotAllowed');
  });

  it('is refused over plain http, or with a user or password in it', () => {
    for (const url of ['http://billing.example.com/hooks', 'http://127.0.0.1:8080/hooks', 'http://127.1/', 'http://2130706433/', 'http://0x7f000001/', 'http://0177.0.0.1/', 'ftp://billing.example.com/']) {
      expect(webhookUrlProblem(url, PUBLIC_ONLY), url).toBe('schemeNotAllowed');
    }
    expect(webhookUrlProblem('https://user:secret@billing.example.com/hooks', PUBLIC_ONLY)).toBe('credentialsNotAllowed');
    expect(webhookUrlProblem('https://user@billing.example.com/hooks', DEVELOPMENT)).toBe('credentialsNotAllowed');
    expect(webhookUrlProblem('not a url', PUBLIC_ONLY)).toBe('addressNotAllowed');
  });

  it('is taken over https to a public host or name (a name is checked again once resolved, at each delivery)', () => {
    for (const url of ['https://billing.example.com/hooks', 'https://93.184.216.34:8443/hooks', 'https://[2606:4700:4700::1111]/hooks', 'https://hooks.example.org./in']) {
      expect(webhookUrlProblem(url, PUBLIC_ONLY), url).toBeNull();
    }
  });

  it('under development’s setting, may be plain http to this machine, never to a metadata address', () => {
    for (const url of ['http://127.0.0.1:4000/hooks', 'http://localhost:4000/hooks', 'https://[::1]:4000/hooks', 'http://10.0.0.5/hooks']) expect(webhookUrlProblem(url, DEVELOPMENT), url).toBeNull();
    expect(webhookUrlProblem('http://169.254.169.254/latest/meta-data', DEVELOPMENT)).toBe('addressNotAllowed');
    expect(webhookUrlProblem('https://[fd00:ec2::254]/latest/meta-data', DEVELOPMENT)).toBe('addressNotAllowed');
  });
});
