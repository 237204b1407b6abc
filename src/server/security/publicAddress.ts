import { isIP } from 'node:net';

/**
 * Which IP addresses the server may open a connection to on a user's say-so (push endpoints): only
 * public unicast addresses. Everything else is refused with a reason: loopback, private, link-local,
 * shared (CGNAT), unique-local, multicast, unspecified, broadcast, documentation, benchmarking and
 * reserved ranges (IANA's IPv4 and IPv6 special-purpose registries), in IPv4 and IPv6, including IPv6
 * forms that carry an IPv4 address (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16),
 * which are judged by the IPv4 address they carry.
 *
 * Written with node:net (isIP) and a prefix table rather than a library: the rules are a short,
 * reviewable list, the input is always an address node itself produced or validated, and the
 * embedded-IPv4 cases need bit-level handling that a range-name library leaves to the caller anyway.
 *
 * Host *spellings* (2130706433, 0x7f000001, 0177.0.0.1, 127.1) are not handled here: `new URL()`
 * normalises them to dotted decimal before an address reaches this module, and isIP() rejects them.
 */

type Bytes = Uint8Array;

interface Range { bytes: Bytes; bits: number; reason: string }

function v4Bytes(ip: string): Bytes {
  return Uint8Array.from(ip.split('.').map(Number));
}

/** 16 bytes of an IPv6 address that isIP() accepted (zone id, '::' and a trailing dotted quad allowed). */
function v6Bytes(input: string): Bytes {
  let ip = input.split('%')[0]!;
  const lastColon = ip.lastIndexOf(':');
  if (ip.includes('.', lastColon)) {
    const [a, b, c, d] = v4Bytes(ip.slice(lastColon + 1));
    ip = `${ip.slice(0, lastColon + 1)}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head, tail] = ip.split('::') as [string, string | undefined];
  const groups = (s: string | undefined) => (s ? s.split(':') : []);
  const h = groups(head);
  const t = groups(tail);
  const all = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  const out = new Uint8Array(16);
  all.forEach((g, i) => {
    const n = parseInt(g, 16);
    out[i * 2] = n >> 8;
    out[i * 2 + 1] = n & 0xff;
  });
  return out;
}

function range(cidr: string, reason: string): Range {
  const [ip, bits] = cidr.split('/') as [string, string];
  return { bytes: isIP(ip) === 4 ? v4Bytes(ip) : v6Bytes(ip), bits: Number(bits), reason };
}

function inRange(addr: Bytes, r: Range): boolean {
  if (addr.length !== r.bytes.length) return false;
  const full = r.bits >> 3;
  for (let i = 0; i < full; i++) if (addr[i] !== r.bytes[i]) return false;
  const rest = r.bits & 7;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return (addr[full]! & mask) === (r.bytes[full]! & mask);
}

/** IANA IPv4 special-purpose registry, plus multicast and the reserved 240/4 block. Order matters (first match names the reason). */
const V4: Range[] = [
  range('0.0.0.0/8', 'unspecified ("this network")'),
  range('10.0.0.0/8', 'private'),
  range('100.64.0.0/10', 'shared address space (CGNAT)'),
  range('127.0.0.0/8', 'loopback'),
  range('169.254.0.0/16', 'link-local'),
  range('172.16.0.0/12', 'private'),
  range('192.0.0.0/24', 'IETF protocol assignments'),
  range('192.0.2.0/24', 'documentation'),
  range('192.31.196.0/24', 'special-purpose (AS112)'),
  range('192.52.193.0/24', 'special-purpose (AMT)'),
  range('192.88.99.0/24', 'reserved (6to4 relay anycast)'),
  range('192.168.0.0/16', 'private'),
  range('192.175.48.0/24', 'special-purpose (AS112)'),
  range('198.18.0.0/15', 'benchmarking'),
  range('198.51.100.0/24', 'documentation'),
  range('203.0.113.0/24', 'documentation'),
  range('224.0.0.0/4', 'multicast'),
  range('255.255.255.255/32', 'broadcast'),
  range('240.0.0.0/4', 'reserved'),
];

/** IPv6 prefixes that carry an IPv4 address in their last 32 bits (or, for 6to4, bits 16-47). */
const V4_MAPPED = range('::ffff:0:0/96', 'IPv4-mapped');
const NAT64 = range('64:ff9b::/96', 'NAT64');
const SIX_TO_FOUR = range('2002::/16', '6to4');

const V6: Range[] = [
  range('::/128', 'unspecified'),
  range('::1/128', 'loopback'),
  range('::/96', 'IPv4-compatible (deprecated)'),
  range('64:ff9b:1::/48', 'local-use NAT64'),
  range('100::/64', 'discard-only'),
  range('2001:db8::/32', 'documentation'),
  range('2001:2::/48', 'benchmarking'),
  range('2001::/23', 'IETF protocol assignments (Teredo, ORCHID, ...)'),
  range('3fff::/20', 'documentation'),
  range('5f00::/16', 'reserved (SRv6 SIDs)'),
  range('fc00::/7', 'unique-local'),
  range('fe80::/10', 'link-local'),
  range('fec0::/10', 'site-local (deprecated)'),
  range('ff00::/8', 'multicast'),
];
/** Today only 2000::/3 is allocated for global unicast; everything else is reserved. */
const GLOBAL_UNICAST = range('2000::/3', 'global unicast');

const dotted = (b: Bytes) => Array.from(b).join('.');

/**
 * Why `address` (an IPv4 or IPv6 address, no brackets) is not a public unicast address, or
 * undefined when it is one. Anything that is not an IP address is refused too.
 */
export function addressRefusal(address: string): string | undefined {
  const family = isIP(address);
  if (family === 4) return V4.find((r) => inRange(v4Bytes(address), r))?.reason;
  if (family !== 6) return 'not an IP address';
  const b = v6Bytes(address);
  for (const [prefix, offset] of [[V4_MAPPED, 12], [NAT64, 12], [SIX_TO_FOUR, 2]] as const) {
    if (!inRange(b, prefix)) continue;
    const v4 = dotted(b.subarray(offset, offset + 4));
    const inner = addressRefusal(v4);
    return inner && `${prefix.reason} ${v4}: ${inner}`;
  }
  const special = V6.find((r) => inRange(b, r));
  if (special) return special.reason;
  return inRange(b, GLOBAL_UNICAST) ? undefined : 'reserved';
}

export const isPublicAddress = (address: string): boolean => addressRefusal(address) === undefined;

const LOOPBACK_V4 = range('127.0.0.0/8', 'loopback');
const LOOPBACK_V6 = range('::1/128', 'loopback');

/** True for 127.0.0.0/8, ::1 and IPv4-mapped 127.0.0.0/8 (what a socket to this machine may use). */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return inRange(v4Bytes(address), LOOPBACK_V4);
  if (family !== 6) return false;
  const b = v6Bytes(address);
  return inRange(b, LOOPBACK_V6) || (inRange(b, V4_MAPPED) && inRange(b.subarray(12), LOOPBACK_V4));
}
