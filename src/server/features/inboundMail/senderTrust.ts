import type { InboundConfig } from './inboundConfig.js';

/**
 * Whether a message may be believed to come from the address in its From header (issue 23). Mail is
 * easy to forge, so one of two things must vouch for it:
 * - it reached the listener from one of the organisation's relays (INBOUND_SMTP_TRUSTED_RELAYS), which
 *   accept only authenticated or checked mail for the room addresses; or
 * - the organisation's own mail system checked it and said so in an Authentication-Results header
 *   (RFC 8601) carrying its authserv-id (INBOUND_AUTHSERV_ID): dkim=pass for a signature of the From
 *   domain (header.d equal to it or a parent of it), or spf=pass for an envelope sender in that domain.
 *   Headers from any other authserv-id are ignored: anyone can write one. The mail system must remove
 *   headers claiming its own authserv-id from incoming mail (RFC 8601 §5; Postfix, Exchange Online and
 *   Gmail all do), which is why only it can be trusted.
 */
export type TrustVerdict = { trusted: true; by: 'relay' | 'dkim' | 'spf' } | { trusted: false; why: string };

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();
/** `d` is the From domain or a parent of it (relaxed alignment, as DMARC does it). */
const aligned = (fromDomain: string, d: string) => d !== '' && (fromDomain === d || fromDomain.endsWith(`.${d}`));

/** One Authentication-Results header: its authserv-id and its results as method → {result, properties}. */
export function parseAuthResults(header: string): { authservId: string; results: { method: string; result: string; props: Record<string, string> }[] } {
  // Comments in parentheses carry nothing a decision may rest on.
  const text = header.replace(/\([^()]*\)/g, ' ').replace(/\s+/g, ' ').trim();
  const [idPart = '', ...parts] = text.split(';');
  const authservId = idPart.trim().split(' ')[0]?.toLowerCase() ?? '';
  const results = parts.map((part) => {
    const tokens = part.trim().split(' ').filter(Boolean);
    const [method = '', result = ''] = (tokens[0] ?? '').toLowerCase().split('=');
    const props: Record<string, string> = {};
    for (const t of tokens.slice(1)) {
      const eq = t.indexOf('=');
      if (eq > 0) props[t.slice(0, eq).toLowerCase()] = t.slice(eq + 1).replace(/^"|"$/g, '').toLowerCase();
    }
    return { method, result, props };
  }).filter((r) => r.method !== '');
  return { authservId, results };
}

export function senderTrust(cfg: Pick<InboundConfig, 'trustedRelays' | 'authservId'>, m: { remoteIp: string; from: string; authResults: string[] }): TrustVerdict {
  const ip = m.remoteIp.replace(/^::ffff:/, '');
  const family = ip.includes(':') ? 'ipv6' : 'ipv4';
  if (ip && cfg.trustedRelays.check(ip, family)) return { trusted: true, by: 'relay' };
  if (!cfg.authservId) return { trusted: false, why: `not from a trusted relay (${ip})` };
  const fromDomain = domainOf(m.from);
  for (const header of m.authResults) {
    const parsed = parseAuthResults(header);
    if (parsed.authservId !== cfg.authservId) continue;
    for (const r of parsed.results) {
      if (r.method === 'dkim' && r.result === 'pass' && aligned(fromDomain, r.props['header.d'] ?? '')) return { trusted: true, by: 'dkim' };
      if (r.method === 'spf' && r.result === 'pass' && aligned(fromDomain, domainOf(r.props['smtp.mailfrom'] ?? ''))) return { trusted: true, by: 'spf' };
    }
  }
  return { trusted: false, why: `no dkim=pass or spf=pass for ${fromDomain} from ${cfg.authservId}, and not from a trusted relay (${ip})` };
}
