import { promises as dns } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import type { Config } from '../../config.js';
import { addressRefusal, isLoopbackAddress } from '../../security/publicAddress.js';

/**
 * Where the server may send push messages (it POSTs to a URL a signed-in person gave it, so this is
 * the guard against server-side request forgery). Checked twice:
 *  - on the URL, when a subscription is stored and again before every send (`checkPushEndpoint`):
 *    https only; no credentials; an IP-literal host must be a public address (every numeric spelling
 *    reaches us normalised by `new URL()`); names that can only be local (localhost, single labels,
 *    .local, .internal, ...) are refused; PUSH_ALLOWED_HOSTS, when set, must list the host;
 *  - on the addresses a name resolves to, at connect time (`pushLookup`): every address the resolver
 *    returns must be public, and the connection is made to exactly those checked addresses (the
 *    lookup is the socket's own, so there is no second resolution to rebind).
 * HOTDESK_PUSH_ALLOW_HTTP_LOOPBACK=true (tests, local development) additionally allows plain http to
 * 127.0.0.1, [::1] and localhost (which must then resolve to loopback only) -- nothing else.
 */

type PushConfig = Pick<Config['push'], 'allowHttpLoopback' | 'allowedHosts'>;

export type EndpointCheck =
  | { ok: true; url: URL; /** Plain http to loopback, allowed by the test flag: the name may resolve only to loopback. */ loopback: boolean }
  | { ok: false; reason: string };

const LOOPBACK_HTTP_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);
/** Names that never belong to a push service on the internet (RFC 6761, RFC 6762, RFC 8375, common private suffixes). */
const LOCAL_SUFFIXES = ['localhost', 'local', 'localdomain', 'internal', 'home.arpa', 'lan', 'intranet', 'corp'];

/** The host name as compared with the allow-list: lower case, no trailing dot. */
const bareHost = (url: URL) => url.hostname.toLowerCase().replace(/\.$/, '');

export function hostAllowed(host: string, allowedHosts: string[] | undefined): boolean {
  if (allowedHosts === undefined) return true;
  return allowedHosts.some((entry) => (entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry));
}

export function checkPushEndpoint(endpoint: string, push: PushConfig): EndpointCheck {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, reason: 'The push endpoint is not a URL.' };
  }
  if (url.username || url.password) return { ok: false, reason: 'The push endpoint must not contain a user name or password.' };
  const host = bareHost(url);
  if (!hostAllowed(host, push.allowedHosts)) return { ok: false, reason: `The push endpoint's host ${host} is not an allowed push service.` };

  if (url.protocol === 'http:') {
    if (push.allowHttpLoopback && LOOPBACK_HTTP_HOSTS.has(host)) return { ok: true, url, loopback: true };
    return { ok: false, reason: 'The push endpoint must be an https URL.' };
  }
  if (url.protocol !== 'https:' || host === '') return { ok: false, reason: 'The push endpoint must be an https URL.' };

  const literal = host.startsWith('[') ? host.slice(1, -1) : host;
  if (isIP(literal)) {
    const refusal = addressRefusal(literal);
    return refusal ? { ok: false, reason: `The push endpoint's address ${literal} is not a public internet address (${refusal}).` } : { ok: true, url, loopback: false };
  }
  if (!host.includes('.') || LOCAL_SUFFIXES.some((s) => host === s || host.endsWith(`.${s}`))) {
    return { ok: false, reason: `The push endpoint's host ${host} is not a public internet name.` };
  }
  return { ok: true, url, loopback: false };
}

export const isAllowedPushEndpoint = (endpoint: string, push: PushConfig): boolean => checkPushEndpoint(endpoint, push).ok;

/** Resolves a host name to all of its addresses (node's resolver by default; tests pass their own). */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** Thrown (through the socket) when a name resolves to an address push may not reach. */
export class RefusedPushAddress extends Error {
  readonly code = 'EPUSHADDRESSREFUSED';
  constructor(hostname: string, address: string, reason: string) {
    super(`push endpoint host ${hostname} resolves to ${address}, which is not allowed (${reason})`);
    this.name = 'RefusedPushAddress';
  }
}

export const isRefusedPushAddress = (err: unknown): boolean =>
  err instanceof RefusedPushAddress || (err as { code?: unknown } | null)?.code === 'EPUSHADDRESSREFUSED';

/**
 * A socket `lookup` that resolves with `resolve`, refuses the connection unless EVERY address is
 * acceptable (public; loopback only when `loopback`), and hands the socket exactly the addresses it
 * checked.
 */
export function pushLookup(resolve: Resolver, loopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then((found) => {
      if (found.length === 0) throw Object.assign(new Error(`push endpoint host ${hostname} has no address`), { code: 'ENOTFOUND' });
      for (const { address } of found) {
        const refusal = loopback ? (isLoopbackAddress(address) ? undefined : 'not loopback') : addressRefusal(address);
        if (refusal) throw new RefusedPushAddress(hostname, address, refusal);
      }
      const wanted = options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : found;
      if (wanted.length === 0) throw Object.assign(new Error(`push endpoint host ${hostname} has no IPv${options.family} address`), { code: 'ENOTFOUND' });
      if (options.all) callback(null, wanted);
      else callback(null, wanted[0]!.address, wanted[0]!.family);
    }).catch((err: NodeJS.ErrnoException) => callback(err, '', 0));
  };
}
