import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.js';
import { checkPushEndpoint, hostAllowed, isRefusedPushAddress, pushLookup, systemResolver, type Resolver } from './pushEndpoint.js';

// The URL rules and the connect-time lookup, without sockets. (push.test.ts proves them end to end.)
const open = { allowHttpLoopback: false, allowedHosts: undefined };
const testFlag = { allowHttpLoopback: true, allowedHosts: undefined };

describe('checkPushEndpoint', () => {
  const refusedAlways = [
    'https://127.0.0.1/x', 'https://127.0.0.1:8443/x', 'https://10.0.0.1/x', 'https://169.254.169.254/latest/meta-data',
    'https://0x7f000001/x', 'https://2130706433/x', 'https://0177.0.0.1/x', 'https://127.1/x', 'https://127.0.0.1./x',
    'https://[::1]/x', 'https://[::ffff:127.0.0.1]/x', 'https://[::ffff:a00:1]/x', 'https://[64:ff9b::a00:1]/x',
    'https://[2002:a00:1::1]/x', 'https://[fd00::1]/x', 'https://[fe80::1]/x', 'https://[::]/x', 'https://0.0.0.0/x',
    'https://100.64.0.1/x', 'https://192.168.0.1/x', 'https://172.16.0.1/x', 'https://255.255.255.255/x',
    'https://224.0.0.1/x', 'https://192.0.2.1/x', 'https://198.18.0.1/x', 'https://240.0.0.1/x', 'https://[ff02::1]/x',
    'https://[2001:db8::1]/x',
    'https://localhost/x', 'https://LOCALHOST./x', 'https://push.localhost/x', 'https://intranet/x', 'https://printer.local/x',
    'https://metadata.google.internal/computeMetadata/v1/', 'https://router.home.arpa/x',
    'http://push.example.org/x', 'http://10.0.0.1/x', 'http://127.0.0.2/x', 'http://[::ffff:127.0.0.1]/x',
    'ftp://push.example.org/x', 'javascript:alert(1)', 'not a url', 'https://user:pw@push.example.org/x',
  ];
  for (const endpoint of refusedAlways) {
    it(`refuses ${endpoint}, with or without the loopback test flag`, () => {
      for (const push of [open, testFlag]) {
        const check = checkPushEndpoint(endpoint, push);
        expect(check.ok, JSON.stringify(push)).toBe(false);
        if (!check.ok) expect(check.reason).toMatch(/^The push endpoint/);
      }
    });
  }

  it('the test flag opens http to 127.0.0.1, [::1] and localhost only, and never https loopback', () => {
    for (const endpoint of ['http://127.0.0.1:1234/x', 'http://[::1]:1234/x', 'http://localhost:1234/x', 'http://LocalHost.:1234/x']) {
      expect(checkPushEndpoint(endpoint, testFlag), endpoint).toMatchObject({ ok: true, loopback: true });
      expect(checkPushEndpoint(endpoint, open).ok, endpoint).toBe(false);
    }
    expect(checkPushEndpoint('https://127.0.0.1:1234/x', testFlag).ok).toBe(false);
    expect(checkPushEndpoint('https://localhost:1234/x', testFlag).ok).toBe(false);
  });

  it('is off unless HOTDESK_PUSH_ALLOW_HTTP_LOOPBACK is exactly "true"', () => {
    expect(parseConfig({}).push.allowHttpLoopback).toBe(false);
    expect(parseConfig({ HOTDESK_PUSH_ALLOW_HTTP_LOOPBACK: 'false' }).push.allowHttpLoopback).toBe(false);
    expect(parseConfig({ HOTDESK_PUSH_ALLOW_HTTP_LOOPBACK: 'true' }).push.allowHttpLoopback).toBe(true);
    expect(() => parseConfig({ HOTDESK_PUSH_ALLOW_HTTP_LOOPBACK: '1' })).toThrow();
  });

  it('accepts public https endpoints (controls)', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def', 'https://web.push.apple.com/QG9', 'https://updates.push.services.mozilla.com/wpush/v2/x',
      'https://wns2-db5p.notify.windows.com/w/?token=x', 'https://8.8.8.8/x', 'https://[2606:4700::1111]/x', 'https://[64:ff9b::808:808]/x',
    ]) {
      expect(checkPushEndpoint(endpoint, open), endpoint).toMatchObject({ ok: true, loopback: false });
    }
  });

  it('PUSH_ALLOWED_HOSTS: exact names and *.subdomains only, for every scheme and address', () => {
    const allowed = parseConfig({ PUSH_ALLOWED_HOSTS: 'FCM.googleapis.com, *.push.apple.com' }).push.allowedHosts;
    expect(allowed).toEqual(['fcm.googleapis.com', '*.push.apple.com']);
    for (const host of ['fcm.googleapis.com', 'FCM.GoogleAPIs.com.', 'web.push.apple.com', 'a.b.push.apple.com']) {
      expect(hostAllowed(new URL(`https://${host}/`).hostname.replace(/\.$/, ''), allowed), host).toBe(true);
      expect(checkPushEndpoint(`https://${host}/x`, { allowHttpLoopback: false, allowedHosts: allowed }).ok, host).toBe(true);
    }
    for (const host of ['push.apple.com', 'evilpush.apple.com', 'xfcm.googleapis.com', 'fcm.googleapis.com.evil.example', 'evil.example', '8.8.8.8']) {
      const check = checkPushEndpoint(`https://${host}/x`, { allowHttpLoopback: false, allowedHosts: allowed });
      expect(check.ok, host).toBe(false);
      if (!check.ok) expect(check.reason).toMatch(/not an allowed push service/);
    }
    // The test flag does not get around the list...
    expect(checkPushEndpoint('http://127.0.0.1:1/x', { allowHttpLoopback: true, allowedHosts: allowed }).ok).toBe(false);
    expect(checkPushEndpoint('http://127.0.0.1:1/x', { allowHttpLoopback: true, allowedHosts: ['127.0.0.1'] }).ok).toBe(true);
    // ...and listing an address does not open it.
    expect(checkPushEndpoint('https://10.0.0.1/x', { allowHttpLoopback: false, allowedHosts: ['10.0.0.1'] }).ok).toBe(false);
  });
});

/** Calls a socket lookup the way net.connect does. */
function lookUp(resolve: Resolver, loopback: boolean, options: { all?: boolean; family?: number } = {}) {
  return new Promise<{ err: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number }>((done) => {
    pushLookup(resolve, loopback)('push.example.org', { all: false, ...options }, (err, address, family) => done({ err, address, family }));
  });
}
const fixed = (...addresses: string[]): Resolver => () => Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));

describe('pushLookup (connect-time check)', () => {
  it('hands the socket exactly the public addresses it checked', async () => {
    expect(await lookUp(fixed('8.8.8.8', '2001:4860:4860::8888'), false)).toEqual({ err: null, address: '8.8.8.8', family: 4 });
    expect(await lookUp(fixed('8.8.8.8', '2001:4860:4860::8888'), false, { all: true })).toEqual({
      err: null, address: [{ address: '8.8.8.8', family: 4 }, { address: '2001:4860:4860::8888', family: 6 }], family: undefined,
    });
    expect(await lookUp(fixed('8.8.8.8', '2001:4860:4860::8888'), false, { family: 6 })).toMatchObject({ address: '2001:4860:4860::8888', family: 6 });
  });

  it('refuses when ANY resolved address is not public, even if the first one is', async () => {
    for (const bad of ['127.0.0.1', '10.0.0.1', '169.254.169.254', '::1', '::ffff:127.0.0.1', 'fd00::1', '64:ff9b::a00:1', '0.0.0.0']) {
      for (const order of [fixed('8.8.8.8', bad), fixed(bad, '8.8.8.8')]) {
        for (const options of [{}, { all: true }, { family: 4 }]) {
          const { err } = await lookUp(order, false, options);
          expect(isRefusedPushAddress(err), `${bad} ${JSON.stringify(options)}`).toBe(true);
          expect(err!.message).toContain(bad);
        }
      }
    }
  });

  it('for a loopback http endpoint (test flag), accepts loopback addresses only', async () => {
    expect(await lookUp(fixed('127.0.0.1', '::1'), true, { all: true })).toMatchObject({ err: null });
    for (const bad of ['10.0.0.1', '8.8.8.8', '0.0.0.0', '::']) {
      expect(isRefusedPushAddress((await lookUp(fixed('127.0.0.1', bad), true)).err), bad).toBe(true);
    }
  });

  it('reports a name without addresses or a resolver failure as an ordinary (retryable) error', async () => {
    const none = await lookUp(fixed(), false);
    expect(none.err?.code).toBe('ENOTFOUND');
    expect(isRefusedPushAddress(none.err)).toBe(false);
    const failing = await lookUp(() => Promise.reject(Object.assign(new Error('queryA ETIMEOUT'), { code: 'ETIMEOUT' })), false);
    expect(failing.err?.code).toBe('ETIMEOUT');
    expect(isRefusedPushAddress(failing.err)).toBe(false);
  });

  it('the system resolver answers for localhost from the hosts file (what push.test.ts uses)', async () => {
    const found = await systemResolver('localhost');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((a) => a.address === '127.0.0.1' || a.address === '::1')).toBe(true);
  });
});
