import { describe, expect, it } from 'vitest';
import { addressRefusal, isLoopbackAddress, isPublicAddress } from './publicAddress.js';

// Pure classification: no sockets, no DNS.
describe('addressRefusal', () => {
  const refused: [string, RegExp][] = [
    ['0.0.0.0', /unspecified/],
    ['0.1.2.3', /unspecified/],
    ['10.0.0.1', /private/],
    ['10.255.255.255', /private/],
    ['100.64.0.1', /CGNAT/],
    ['100.127.255.255', /CGNAT/],
    ['127.0.0.1', /loopback/],
    ['127.255.255.254', /loopback/],
    ['169.254.169.254', /link-local/],
    ['172.16.0.1', /private/],
    ['172.31.255.255', /private/],
    ['192.0.0.8', /IETF/],
    ['192.0.2.1', /documentation/],
    ['192.88.99.1', /reserved/],
    ['192.168.1.1', /private/],
    ['198.18.0.1', /benchmarking/],
    ['198.19.255.255', /benchmarking/],
    ['198.51.100.7', /documentation/],
    ['203.0.113.9', /documentation/],
    ['224.0.0.1', /multicast/],
    ['239.255.255.250', /multicast/],
    ['240.0.0.1', /reserved/],
    ['255.255.255.255', /broadcast/],
    ['::', /unspecified/],
    ['::1', /loopback/],
    ['0:0:0:0:0:0:0:1', /loopback/],
    ['::ffff:127.0.0.1', /IPv4-mapped 127\.0\.0\.1: loopback/],
    ['::ffff:7f00:1', /IPv4-mapped 127\.0\.0\.1: loopback/],
    ['::ffff:10.0.0.1', /IPv4-mapped 10\.0\.0\.1: private/],
    ['::ffff:a9fe:a9fe', /IPv4-mapped 169\.254\.169\.254: link-local/],
    ['::127.0.0.1', /IPv4-compatible/],
    ['::a00:1', /IPv4-compatible/],
    ['::8.8.8.8', /IPv4-compatible/],
    ['64:ff9b::10.0.0.1', /NAT64 10\.0\.0\.1: private/],
    ['64:ff9b::7f00:1', /NAT64 127\.0\.0\.1: loopback/],
    ['64:ff9b::a9fe:a9fe', /NAT64 169\.254\.169\.254: link-local/],
    ['64:ff9b:1::1', /local-use NAT64/],
    ['2002:7f00:1::1', /6to4 127\.0\.0\.1: loopback/],
    ['2002:c0a8:101::', /6to4 192\.168\.1\.1: private/],
    ['2002:a00:1:ffff:ffff:ffff:ffff:ffff', /6to4 10\.0\.0\.1: private/],
    ['100::1', /discard/],
    ['2001::1', /IETF/],
    ['2001:2::1', /benchmarking/],
    ['2001:db8::1', /documentation/],
    ['3fff::1', /documentation/],
    ['fc00::1', /unique-local/],
    ['fd12:3456::1', /unique-local/],
    ['fe80::1', /link-local/],
    ['fe80::1%eth0', /link-local/],
    ['febf::1', /link-local/],
    ['fec0::1', /site-local/],
    ['ff02::1', /multicast/],
    ['ff0e::1', /multicast/],
    ['1::1', /reserved/],
    ['4000::1', /reserved/],
    ['::ffff:0:7f00:1', /reserved/], // SIIT "IPv4-translated", not global unicast
    ['example.org', /not an IP/],
    ['2130706433', /not an IP/],
    ['0x7f000001', /not an IP/],
    ['0177.0.0.1', /not an IP/],
    ['127.1', /not an IP/],
    ['[::1]', /not an IP/],
    ['', /not an IP/],
  ];
  for (const [address, reason] of refused) {
    it(`refuses ${address || '(empty)'}`, () => {
      expect(addressRefusal(address)).toMatch(reason);
      expect(isPublicAddress(address)).toBe(false);
    });
  }

  const publicOnes = [
    '8.8.8.8', '1.1.1.1', '142.250.74.110', '9.255.255.255', '11.0.0.1', '100.63.255.255', '100.128.0.0', '126.255.255.255',
    '128.0.0.1', '169.253.255.255', '172.15.255.255', '172.32.0.0', '192.0.1.255', '192.167.255.255', '192.169.0.0',
    '198.17.255.255', '198.20.0.0', '223.255.255.255',
    '2001:4860:4860::8888', '2606:4700:4700::1111', '2a00:1450:4001:80b::200a', '2001:200::1', '3ffe::1',
    '::ffff:8.8.8.8', '::ffff:808:808', '64:ff9b::8.8.8.8', '64:ff9b::808:808', '2002:808:808::1',
  ];
  for (const address of publicOnes) {
    it(`accepts ${address}`, () => {
      expect(addressRefusal(address)).toBeUndefined();
      expect(isPublicAddress(address)).toBe(true);
    });
  }
});

describe('new URL() normalises every numeric host spelling to the address the guard checks', () => {
  const spellings: [string, string][] = [
    ['https://2130706433/', '127.0.0.1'],
    ['https://0x7f000001/', '127.0.0.1'],
    ['https://0X7F.0.0.1/', '127.0.0.1'],
    ['https://0177.0.0.1/', '127.0.0.1'],
    ['https://017700000001/', '127.0.0.1'],
    ['https://127.1/', '127.0.0.1'],
    ['https://127.0.1/', '127.0.0.1'],
    ['https://127.0.0.1./', '127.0.0.1'],
    ['https://0/', '0.0.0.0'],
    ['https://167772161/', '10.0.0.1'],
    ['https://0xa9.0xfe.0xa9.0xfe/', '169.254.169.254'],
    ['https://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['https://[0:0:0:0:0:0:0:1]/', '[::1]'],
    ['https://[0000::0001]/', '[::1]'],
  ];
  for (const [url, hostname] of spellings) {
    it(`${url} -> ${hostname}, refused`, () => {
      const host = new URL(url).hostname;
      expect(host).toBe(hostname);
      expect(isPublicAddress(host.replace(/^\[|\]$/g, ''))).toBe(false);
    });
  }
});

describe('isLoopbackAddress', () => {
  it('is true only for loopback (and its IPv4-mapped form)', () => {
    for (const a of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ['10.0.0.1', '0.0.0.0', '::', '8.8.8.8', '169.254.169.254', '64:ff9b::7f00:1', '2002:7f00:1::1', 'localhost']) {
      expect(isLoopbackAddress(a), a).toBe(false);
    }
  });
});
