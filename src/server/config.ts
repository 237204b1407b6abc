import { z } from 'zod';
import type { RoleGroup } from '../domain/groupSync.js';
import { ROLE_NAMES } from '../domain/roles.js';
import { FALLBACK_LOCALE, supportedLocale } from '../domain/dateFormat.js';
import { ABSOLUTE_MAX_OCCURRENCES, DEFAULT_MAX_OCCURRENCES } from '../domain/recurrence/recurrenceRule.js';
import { parseInboundConfig, type InboundConfig } from './features/inboundMail/inboundConfig.js';

/**
 * Every environment variable Hotdesk reads, parsed once at start-up. A bad value stops the process
 * with a message naming the variable, rather than failing later in a request.
 */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http or https URL, e.g. https://book.example.org/hotdesk' })
    // The path becomes the base path; a query or fragment has no place in it.
    .refine((u) => !/[?#]/.test(u), 'must not have a query (?) or fragment (#)').optional(),
  DATABASE_URL: z.string().min(1).optional(),
  HOTDESK_DATA_DIR: z.string().min(1).default('./data'),
  HOTDESK_ADMIN_EMAIL: z.email().optional(),
  HOTDESK_ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  HOTDESK_TIME_ZONE: z.string().default('Europe/London'),
  HOTDESK_SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(525600).default(60 * 24 * 14),
  // Absolute session lifetime: a session ends this long after sign-in however busy it is (issue 18).
  HOTDESK_SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // Behind a reverse proxy: how many proxy hops (a number) or which proxy addresses (comma list) to trust
  // for the client address in X-Forwarded-For. Off by default, so a client cannot forge its address.
  HOTDESK_TRUST_PROXY: z.string().regex(/^(false|true|\d{1,2}|[0-9a-fA-F.:/,\s]+)$/, 'must be false, true, a hop count, or a comma-separated list of proxy addresses').default('false'),
  HOTDESK_DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  SERIES_MAX_OCCURRENCES: z.coerce.number().int().min(1).max(ABSOLUTE_MAX_OCCURRENCES).default(DEFAULT_MAX_OCCURRENCES),
  // Live updates (issue 24): open streams per instance (beyond: 503 with Retry-After), and per person (a new one closes the oldest).
  LIVE_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100_000).default(5000),
  LIVE_MAX_CONNECTIONS_PER_PERSON: z.coerce.number().int().min(1).max(50).default(5),
  OIDC_ISSUER: z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_BUTTON_LABEL: z.string().default('Sign in with Microsoft'),
  // Groups → roles and teams at sign-in (issue 6). The claim is named as it appears at the top level of
  // the ID token or userinfo; namespaced names such as https://example.org/groups (Auth0) are allowed.
  OIDC_GROUPS_CLAIM: z.string().regex(/^[\x21-\x7e]{1,200}$/, 'must be a claim name without spaces, e.g. groups').optional(),
  OIDC_ROLE_GROUPS: z.string().max(20000, 'must be at most 20000 characters').optional(),
  // Only these e-mail domains may be linked by address to an existing person at OpenID Connect sign-in.
  OIDC_ALLOWED_EMAIL_DOMAINS: domainList().optional(),
  // Booking on behalf of someone: besides people known to Hotdesk, addresses in these domains.
  ON_BEHALF_DOMAINS: domainList().optional(),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().default('Hotdesk <hotdesk@localhost>'),
  // Mail has no browser: its dates and times are written in this language (BCP 47), on the site's clock.
  MAIL_LOCALE: z.string().default('en-GB').refine((tag) => supportedLocale(tag) !== undefined, 'must be a language tag the server knows, e.g. en-GB, en-US, de-DE'),
  // Prometheus metrics at /metrics: off unless set; then a bearer token equal to it is required (issue 19).
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').max(200).regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Web push (issue 7): VAPID keys (base64url, as web-push generate-vapid-keys prints them); unset, keys
  // are generated once and kept in the database. Subject: mailto: or https: contact for push services.
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)').optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL').optional(),
  // Tests and local development only: also accept push endpoints on http://127.0.0.1 / localhost.
  HOTDESK_PUSH_ALLOW_HTTP_LOOPBACK: z.enum(['true', 'false']).default('false'),
  // Optional allow-list of push-service host names (e.g. fcm.googleapis.com,*.push.apple.com).
  PUSH_ALLOWED_HOSTS: z.string().regex(/^\s*(\*\.)?[a-z0-9.-]+\s*(,\s*(\*\.)?[a-z0-9.-]+\s*)*$/i, 'must be a comma-separated list of host names, e.g. fcm.googleapis.com,*.push.apple.com').optional(),
});

/** A comma-separated list of e-mail domains (example.org,nhs.net), parsed to lower case. */
function domainList() {
  return z.string()
    .regex(/^\s*[a-z0-9.-]+\.[a-z]{2,}\s*(,\s*[a-z0-9.-]+\.[a-z]{2,}\s*)*$/i, 'must be a comma-separated list of e-mail domains, e.g. example.org,example.com');
}

const splitList = (value: string | undefined): string[] | undefined =>
  value === undefined ? undefined : value.split(',').map((v) => v.trim().toLowerCase()).filter(Boolean);

export interface Config {
  port: number;
  host: string;
  /** Origin and base path the app is served at, e.g. https://book.example.org/hotdesk */
  publicUrl: URL | undefined;
  /** '' or a path starting with '/' and not ending with '/', e.g. '/hotdesk' */
  basePath: string;
  secureCookies: boolean;
  databaseUrl: string | undefined;
  dataDir: string;
  admin: { email: string; password: string } | undefined;
  defaultTimeZone: string;
  sessionIdleMinutes: number;
  /** Absolute lifetime of a session in days, however busy it is. */
  sessionMaxDays: number;
  /** E-mail domains (lower case) whose addresses may be booked for on behalf of someone; people known to Hotdesk always may. */
  onBehalfDomains: string[];
  dbPoolSize: number;
  /** The most occurrences one repeating booking may hold (issue 22). */
  seriesMaxOccurrences: number;
  /** Live-update streams (GET /api/live) one instance keeps open, in all and per person. */
  live: { maxConnections: number; maxConnectionsPerPerson: number };
  /** Fastify's trustProxy: false, true, a list of proxy addresses, or a hop-count function. */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  oidc: {
    issuer: URL; clientId: string; clientSecret: string | undefined; buttonLabel: string;
    /** Groups claim sync at sign-in; undefined when OIDC_GROUPS_CLAIM is unset (nothing is synced). */
    groups: { claim: string; roleGroups: RoleGroup[] } | undefined;
    /** Lower-case domains whose verified addresses may link to an existing person; undefined: any domain. */
    allowedEmailDomains: string[] | undefined;
  } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Language of dates and times in mail (MAIL_LOCALE, default en-GB); the values follow each site's zone. */
  mailLocale: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Bearer token of /metrics; undefined: the endpoint does not exist. */
  metricsToken: string | undefined;
  push: {
    vapidKeys: { publicKey: string; privateKey: string } | undefined; subject: string | undefined; allowHttpLoopback: boolean;
    /** Lower-case host names (a leading '*.' matches any subdomain) push endpoints must be on; undefined: any public host. */
    allowedHosts: string[] | undefined;
  };
  /** Booking a room by inviting it (INBOUND_*, issue 23); undefined: the listener is off. */
  inbound?: InboundConfig;
}

export class ConfigError extends Error {}

export function basePathOf(publicUrl: URL | undefined): string {
  if (!publicUrl) return '';
  const path = publicUrl.pathname.replace(/\/+$/, '');
  return path === '' ? '' : path;
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  // Empty strings mean "not set": shells and .env files often export VAR= to blank a value.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.HOTDESK_ADMIN_EMAIL === undefined) !== (e.HOTDESK_ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  HOTDESK_ADMIN_EMAIL and HOTDESK_ADMIN_PASSWORD must be set together');
  }
  if ((e.OIDC_ISSUER === undefined) !== (e.OIDC_CLIENT_ID === undefined)) {
    throw new ConfigError('Invalid configuration:\n  OIDC_ISSUER and OIDC_CLIENT_ID must be set together');
  }
  if (e.OIDC_GROUPS_CLAIM !== undefined && e.OIDC_ISSUER === undefined) {
    throw new ConfigError('Invalid configuration:\n  OIDC_GROUPS_CLAIM needs OIDC_ISSUER and OIDC_CLIENT_ID: groups are read at OpenID Connect sign-in');
  }
  if (e.OIDC_ROLE_GROUPS !== undefined && e.OIDC_GROUPS_CLAIM === undefined) {
    throw new ConfigError('Invalid configuration:\n  OIDC_ROLE_GROUPS needs OIDC_GROUPS_CLAIM, the claim the groups are read from (e.g. groups)');
  }
  const roleGroups = parseRoleGroups(e.OIDC_ROLE_GROUPS ?? '');
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  if (!isValidTimeZone(e.HOTDESK_TIME_ZONE)) {
    throw new ConfigError(`Invalid configuration:\n  HOTDESK_TIME_ZONE: unknown IANA time zone '${e.HOTDESK_TIME_ZONE}'`);
  }
  const inbound = parseInboundConfig(cleaned);
  if (inbound.problems.length) throw new ConfigError(`Invalid configuration:\n  ${inbound.problems.join('\n  ')}`);
  const publicUrl = e.PUBLIC_URL ? new URL(e.PUBLIC_URL) : undefined;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    basePath: basePathOf(publicUrl),
    secureCookies: publicUrl?.protocol === 'https:',
    databaseUrl: e.DATABASE_URL,
    dataDir: e.HOTDESK_DATA_DIR,
    admin: e.HOTDESK_ADMIN_EMAIL && e.HOTDESK_ADMIN_PASSWORD ? { email: e.HOTDESK_ADMIN_EMAIL, password: e.HOTDESK_ADMIN_PASSWORD } : undefined,
    defaultTimeZone: e.HOTDESK_TIME_ZONE,
    sessionIdleMinutes: e.HOTDESK_SESSION_IDLE_MINUTES,
    sessionMaxDays: e.HOTDESK_SESSION_MAX_DAYS,
    onBehalfDomains: splitList(e.ON_BEHALF_DOMAINS) ?? [],
    dbPoolSize: e.HOTDESK_DB_POOL_SIZE,
    seriesMaxOccurrences: e.SERIES_MAX_OCCURRENCES,
    live: { maxConnections: e.LIVE_MAX_CONNECTIONS, maxConnectionsPerPerson: e.LIVE_MAX_CONNECTIONS_PER_PERSON },
    trustProxy: parseTrustProxy(e.HOTDESK_TRUST_PROXY),
    oidc: e.OIDC_ISSUER && e.OIDC_CLIENT_ID
      ? {
        issuer: new URL(e.OIDC_ISSUER), clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, buttonLabel: e.OIDC_BUTTON_LABEL,
        groups: e.OIDC_GROUPS_CLAIM ? { claim: e.OIDC_GROUPS_CLAIM, roleGroups } : undefined,
        allowedEmailDomains: splitList(e.OIDC_ALLOWED_EMAIL_DOMAINS),
      }
      : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailLocale: supportedLocale(e.MAIL_LOCALE) ?? FALLBACK_LOCALE,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    push: {
      vapidKeys: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
      subject: e.VAPID_SUBJECT,
      allowHttpLoopback: e.HOTDESK_PUSH_ALLOW_HTTP_LOOPBACK === 'true',
      allowedHosts: splitList(e.PUSH_ALLOWED_HOSTS),
    },
    inbound: inbound.config,
  };
}

/**
 * OIDC_ROLE_GROUPS: `group=Role` entries separated by ';', e.g.
 * `hotdesk-admins=Admin;hotdesk-managers=Booking Manager`. The role is what follows the last '=', so a
 * group name may itself contain '='. Role names are matched in any case and must be Hotdesk's roles:
 * a typo would otherwise silently grant nothing (or remove a role from everyone at next sign-in).
 */
export function parseRoleGroups(value: string): RoleGroup[] {
  const out: RoleGroup[] = [];
  const problems: string[] = [];
  for (const raw of value.split(';')) {
    const entry = raw.trim();
    if (entry === '') continue;
    const eq = entry.lastIndexOf('=');
    const group = eq < 0 ? '' : entry.slice(0, eq).trim();
    const roleText = eq < 0 ? '' : entry.slice(eq + 1).trim();
    if (eq < 0) { problems.push(`'${entry}' has no role: write group=Role`); continue; }
    if (group === '') { problems.push(`'${entry}' names no group`); continue; }
    const role = ROLE_NAMES.find((r) => r.toLowerCase() === roleText.toLowerCase());
    if (!role) { problems.push(`unknown role '${roleText}' in '${entry}' (roles: ${ROLE_NAMES.join(', ')})`); continue; }
    if (!out.some((m) => m.group === group && m.role === role)) out.push({ group, role });
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  OIDC_ROLE_GROUPS: ${p}`).join('\n')}`);
  return out;
}

/** ICU's canonical zone names, read once: listing them does not start ICU's formatting code. */
let canonicalZones: Set<string> | undefined;

/**
 * Whether Node's ICU knows the zone. The canonical names are checked first because the other way,
 * building a DateTimeFormat, initialises ICU's formatters and locale data (~7 MiB of resident memory,
 * measured) at start-up, where the only use is checking the configured zone; an alias the list does
 * not hold ("UTC", "Asia/Kolkata") is still accepted through a DateTimeFormat.
 */
export function isValidTimeZone(tz: string): boolean {
  canonicalZones ??= new Set(Intl.supportedValuesOf('timeZone'));
  if (canonicalZones.has(tz)) return true;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((v) => v.trim()).filter(Boolean);
}
