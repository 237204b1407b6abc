import { BlockList, isIP } from 'node:net';
import { z } from 'zod';

/**
 * Settings of the inbound invitation listener (issue 23), read from the environment with the rest of
 * the configuration (config.ts). Off unless INBOUND_SMTP_PORT is set. Trust must be configured when it
 * is on: with neither trusted relays nor an authserv-id, nothing could ever be accepted.
 */
export interface InboundConfig {
  port: number;
  host: string;
  /** Addresses (and CIDR ranges) of the organisation's mail relays, whose mail is trusted as sent. */
  trustedRelays: BlockList;
  trustedRelayText: string[];
  /** The authserv-id of the organisation's own mail system in Authentication-Results headers. */
  authservId: string | undefined;
  /** e.g. room-{slug}@book.example.org: a room's address when an admin set none. */
  roomAddressPattern: string | undefined;
  maxMessageBytes: number;
  maxPerSenderPerHour: number;
}

const Schema = z.object({
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().min(1).default('127.0.0.1'),
  INBOUND_SMTP_TRUSTED_RELAYS: z.string().max(5000).optional(),
  INBOUND_AUTHSERV_ID: z.string().regex(/^[\x21-\x7e]{1,255}$/, 'must be a host-like name without spaces, e.g. mx.example.org').optional(),
  INBOUND_ROOM_ADDRESS_PATTERN: z.string()
    .regex(/^[a-z0-9._+-]*\{slug\}[a-z0-9._+-]*@[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be an address with {slug} in its local part, e.g. room-{slug}@book.example.org')
    .optional(),
  INBOUND_MAX_MESSAGE_BYTES: z.coerce.number().int().min(10_000).max(25_000_000).default(1_048_576),
  INBOUND_MAX_PER_SENDER_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(60),
});

/** A parsed relay list, or the entries that are not addresses or CIDR ranges. */
export function parseRelays(text: string): { list: BlockList; entries: string[]; bad: string[] } {
  const list = new BlockList();
  const entries = text.split(',').map((s) => s.trim()).filter(Boolean);
  const bad: string[] = [];
  for (const entry of entries) {
    const [addr = '', bits] = entry.split('/');
    const family = isIP(addr);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (family === 0) { bad.push(entry); continue; }
    if (bits === undefined) { list.addAddress(addr, type); continue; }
    const prefix = Number(bits);
    if (!/^\d{1,3}$/.test(bits) || prefix > (family === 6 ? 128 : 32)) { bad.push(entry); continue; }
    list.addSubnet(addr, prefix, type);
  }
  return { list, entries, bad };
}

/** undefined when the listener is off; the problems as "VAR: message" lines when a value is wrong. */
export function parseInboundConfig(env: Record<string, string | undefined>): { config: InboundConfig | undefined; problems: string[] } {
  const parsed = Schema.safeParse(env);
  if (!parsed.success) return { config: undefined, problems: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  const e = parsed.data;
  const relays = parseRelays(e.INBOUND_SMTP_TRUSTED_RELAYS ?? '');
  const problems = relays.bad.length ? [`INBOUND_SMTP_TRUSTED_RELAYS: not an IP address or CIDR range: ${relays.bad.join(', ')}`] : [];
  if (e.INBOUND_SMTP_PORT === undefined) return { config: undefined, problems };
  if (relays.entries.length === 0 && !e.INBOUND_AUTHSERV_ID) {
    problems.push('INBOUND_SMTP_PORT needs INBOUND_SMTP_TRUSTED_RELAYS or INBOUND_AUTHSERV_ID: without either no invitation can be trusted');
  }
  return {
    problems,
    config: {
      port: e.INBOUND_SMTP_PORT, host: e.INBOUND_SMTP_HOST, trustedRelays: relays.list, trustedRelayText: relays.entries,
      authservId: e.INBOUND_AUTHSERV_ID?.toLowerCase(), roomAddressPattern: e.INBOUND_ROOM_ADDRESS_PATTERN?.toLowerCase(),
      maxMessageBytes: e.INBOUND_MAX_MESSAGE_BYTES, maxPerSenderPerHour: e.INBOUND_MAX_PER_SENDER_PER_HOUR,
    },
  };
}
