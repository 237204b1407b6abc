import { describe, expect, it } from 'vitest';
import { ConfigError, basePathOf, parseConfig } from './config.js';

/** The first error line of a configuration that should be refused. */
function refusal(env: Record<string, string | undefined>): string {
  try {
    parseConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`parseConfig accepted ${JSON.stringify(env)}`);
}

describe('parseConfig defaults', () => {
  it('gives the documented defaults for an empty environment', () => {
    const c = parseConfig({});
    expect(c).toMatchObject({
      port: 8080, host: '0.0.0.0', publicUrl: undefined, basePath: '', secureCookies: false,
      databaseUrl: undefined, dataDir: './data', admin: undefined, defaultTimeZone: 'Europe/London',
      oidc: undefined, smtpUrl: undefined, mailFrom: 'Hotdesk <hotdesk@localhost>', logLevel: 'info',
    });
    expect(c.sessionIdleMinutes).toBe(60 * 24 * 14);
  });

  it('treats empty strings as unset', () => {
    const c = parseConfig({ PORT: '', PUBLIC_URL: '', DATABASE_URL: '', HOTDESK_ADMIN_EMAIL: '', HOTDESK_ADMIN_PASSWORD: '', OIDC_ISSUER: '', OIDC_CLIENT_ID: '', HOTDESK_TIME_ZONE: '' });
    expect(c).toMatchObject({ port: 8080, publicUrl: undefined, databaseUrl: undefined, admin: undefined, oidc: undefined, defaultTimeZone: 'Europe/London' });
  });

  it('ignores variables it does not know', () => {
    expect(parseConfig({ PATH: '/usr/bin', HOME: '/root' }).port).toBe(8080);
  });
});

describe('PORT', () => {
  it('parses a number', () => {
    expect(parseConfig({ PORT: '3000' }).port).toBe(3000);
    expect(parseConfig({ PORT: '0' }).port).toBe(0);
  });
  it.each(['abc', '70000', '-1', '80.5'])('refuses %s, naming PORT', (value) => {
    expect(refusal({ PORT: value })).toMatch(/PORT/);
  });
});

describe('PUBLIC_URL and the base path', () => {
  it.each([
    ['http://localhost:8080', ''],
    ['http://localhost:8080/', ''],
    ['http://x/hotdesk', '/hotdesk'],
    ['http://x/hotdesk/', '/hotdesk'],
    ['https://book.example.org/a/b/', '/a/b'],
  ])('%s → base path %j', (url, base) => {
    expect(parseConfig({ PUBLIC_URL: url }).basePath).toBe(base);
    expect(basePathOf(new URL(url))).toBe(base);
  });

  it('has no base path without PUBLIC_URL', () => {
    expect(basePathOf(undefined)).toBe('');
  });

  it('uses secure cookies for https only', () => {
    expect(parseConfig({ PUBLIC_URL: 'https://book.example.org' }).secureCookies).toBe(true);
    expect(parseConfig({ PUBLIC_URL: 'http://book.example.org' }).secureCookies).toBe(false);
  });

  it('keeps the origin', () => {
    expect(parseConfig({ PUBLIC_URL: 'https://book.example.org/hotdesk/' }).publicUrl?.origin).toBe('https://book.example.org');
  });

  it('refuses a value that is not a URL, naming PUBLIC_URL', () => {
    expect(refusal({ PUBLIC_URL: 'book.example.org' })).toMatch(/PUBLIC_URL/);
  });

  it('refuses a URL that is not http or https, naming PUBLIC_URL', () => {
    expect(refusal({ PUBLIC_URL: 'ftp://book.example.org/' })).toMatch(/PUBLIC_URL/);
  });

  it('refuses a URL with a query or fragment, naming PUBLIC_URL', () => {
    expect(refusal({ PUBLIC_URL: 'https://book.example.org/?x=1' })).toMatch(/PUBLIC_URL/);
    expect(refusal({ PUBLIC_URL: 'https://book.example.org/#top' })).toMatch(/PUBLIC_URL/);
  });
});

describe('the configured admin', () => {
  it('is read when e-mail and password come together', () => {
    expect(parseConfig({ HOTDESK_ADMIN_EMAIL: 'boss@example.org', HOTDESK_ADMIN_PASSWORD: 'long enough' }).admin)
      .toEqual({ email: 'boss@example.org', password: 'long enough' });
  });
  it('is refused with the e-mail alone, naming both variables', () => {
    const m = refusal({ HOTDESK_ADMIN_EMAIL: 'boss@example.org' });
    expect(m).toMatch(/HOTDESK_ADMIN_EMAIL/);
    expect(m).toMatch(/HOTDESK_ADMIN_PASSWORD/);
  });
  it('is refused with the password alone, naming both variables', () => {
    const m = refusal({ HOTDESK_ADMIN_PASSWORD: 'long enough' });
    expect(m).toMatch(/HOTDESK_ADMIN_EMAIL/);
    expect(m).toMatch(/HOTDESK_ADMIN_PASSWORD/);
  });
  it('refuses a bad e-mail, naming HOTDESK_ADMIN_EMAIL', () => {
    expect(refusal({ HOTDESK_ADMIN_EMAIL: 'not-an-email', HOTDESK_ADMIN_PASSWORD: 'long enough' })).toMatch(/HOTDESK_ADMIN_EMAIL/);
  });
  it('refuses a short password, naming HOTDESK_ADMIN_PASSWORD', () => {
    expect(refusal({ HOTDESK_ADMIN_EMAIL: 'boss@example.org', HOTDESK_ADMIN_PASSWORD: 'short' })).toMatch(/HOTDESK_ADMIN_PASSWORD.*8/);
  });
});

describe('OpenID Connect', () => {
  it('is read when issuer and client id come together; the secret is optional', () => {
    const c = parseConfig({ OIDC_ISSUER: 'https://login.microsoftonline.com/tenant/v2.0', OIDC_CLIENT_ID: 'abc' });
    expect(c.oidc).toMatchObject({ clientId: 'abc', clientSecret: undefined, buttonLabel: 'Sign in with Microsoft' });
    expect(c.oidc?.issuer.href).toBe('https://login.microsoftonline.com/tenant/v2.0');
    expect(parseConfig({ OIDC_ISSUER: 'http://127.0.0.1:9000', OIDC_CLIENT_ID: 'abc', OIDC_CLIENT_SECRET: 's' }).oidc?.clientSecret).toBe('s');
  });
  it('is refused with the issuer alone, naming both variables', () => {
    const m = refusal({ OIDC_ISSUER: 'https://login.example.org' });
    expect(m).toMatch(/OIDC_ISSUER/);
    expect(m).toMatch(/OIDC_CLIENT_ID/);
  });
  it('is refused with the client id alone, naming both variables', () => {
    const m = refusal({ OIDC_CLIENT_ID: 'abc' });
    expect(m).toMatch(/OIDC_ISSUER/);
    expect(m).toMatch(/OIDC_CLIENT_ID/);
  });
  it('refuses an issuer that is not a URL, naming OIDC_ISSUER', () => {
    expect(refusal({ OIDC_ISSUER: 'login.example.org', OIDC_CLIENT_ID: 'abc' })).toMatch(/OIDC_ISSUER/);
  });
});

describe('groups from the identity provider (OIDC_GROUPS_CLAIM, OIDC_ROLE_GROUPS)', () => {
  const OIDC = { OIDC_ISSUER: 'https://login.microsoftonline.com/tenant/v2.0', OIDC_CLIENT_ID: 'abc' };
  it('is off unless OIDC_GROUPS_CLAIM is set', () => {
    expect(parseConfig(OIDC).oidc?.groups).toBeUndefined();
    expect(parseConfig({ ...OIDC, OIDC_GROUPS_CLAIM: '' }).oidc?.groups).toBeUndefined();
  });
  it('reads the claim name and the mapping (role names in any case, a "=" inside a group name, blanks and repeats ignored)', () => {
    const c = parseConfig({ ...OIDC, OIDC_GROUPS_CLAIM: 'groups',
      OIDC_ROLE_GROUPS: ' hotdesk-admins = Admin ; hotdesk-managers=booking manager;;a=b=Reporting;hotdesk-admins=Admin;' });
    expect(c.oidc?.groups).toEqual({ claim: 'groups', roleGroups: [
      { group: 'hotdesk-admins', role: 'Admin' }, { group: 'hotdesk-managers', role: 'Booking Manager' }, { group: 'a=b', role: 'Reporting' },
    ] });
  });
  it('accepts a namespaced claim name and no mapping (teams only)', () => {
    expect(parseConfig({ ...OIDC, OIDC_GROUPS_CLAIM: 'https://hotdesk.example.org/groups' }).oidc?.groups)
      .toEqual({ claim: 'https://hotdesk.example.org/groups', roleGroups: [] });
  });
  it.each([
    [{ OIDC_ROLE_GROUPS: 'x=Admin' }, /OIDC_GROUPS_CLAIM/],
    [{ OIDC_GROUPS_CLAIM: 'groups', OIDC_ROLE_GROUPS: 'hotdesk-admins=Admins' }, /OIDC_ROLE_GROUPS: unknown role 'Admins'.*Admin, Reporting, Booking Manager, Not Restricted/],
    [{ OIDC_GROUPS_CLAIM: 'groups', OIDC_ROLE_GROUPS: 'hotdesk-admins' }, /OIDC_ROLE_GROUPS: 'hotdesk-admins' has no role/],
    [{ OIDC_GROUPS_CLAIM: 'groups', OIDC_ROLE_GROUPS: '=Admin' }, /OIDC_ROLE_GROUPS: '=Admin' names no group/],
    [{ OIDC_GROUPS_CLAIM: 'groups', OIDC_ROLE_GROUPS: 'g=' }, /OIDC_ROLE_GROUPS: unknown role ''/],
    [{ OIDC_GROUPS_CLAIM: 'my groups' }, /OIDC_GROUPS_CLAIM: must be a claim name/],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(refusal({ ...OIDC, ...env })).toMatch(message);
  });
  it('refuses OIDC_GROUPS_CLAIM without OpenID Connect', () => {
    expect(refusal({ OIDC_GROUPS_CLAIM: 'groups' })).toMatch(/OIDC_GROUPS_CLAIM needs OIDC_ISSUER/);
  });
  it('lists every bad entry at once', () => {
    const m = refusal({ ...OIDC, OIDC_GROUPS_CLAIM: 'groups', OIDC_ROLE_GROUPS: 'a=Boss;b=Chief' });
    expect(m).toMatch(/'Boss'/);
    expect(m).toMatch(/'Chief'/);
  });
});

describe('other variables', () => {
  it('accepts an IANA time zone', () => {
    expect(parseConfig({ HOTDESK_TIME_ZONE: 'Australia/Sydney' }).defaultTimeZone).toBe('Australia/Sydney');
  });
  it('accepts the aliases ICU does not list as canonical (UTC, Asia/Kolkata, Europe/Kyiv)', () => {
    for (const zone of ['UTC', 'Asia/Kolkata', 'Europe/Kyiv', 'Etc/UTC']) {
      expect(parseConfig({ HOTDESK_TIME_ZONE: zone }).defaultTimeZone).toBe(zone);
    }
  });
  it('refuses an unknown time zone, naming HOTDESK_TIME_ZONE and the value', () => {
    const m = refusal({ HOTDESK_TIME_ZONE: 'Mars/Olympus_Mons' });
    expect(m).toMatch(/HOTDESK_TIME_ZONE/);
    expect(m).toMatch(/Mars\/Olympus_Mons/);
  });
  it('refuses an unknown log level, naming LOG_LEVEL', () => {
    expect(refusal({ LOG_LEVEL: 'loud' })).toMatch(/LOG_LEVEL/);
  });
  it('refuses a session idle time out of range, naming HOTDESK_SESSION_IDLE_MINUTES', () => {
    expect(refusal({ HOTDESK_SESSION_IDLE_MINUTES: '1' })).toMatch(/HOTDESK_SESSION_IDLE_MINUTES/);
  });
  it('reads the live-update stream limits (LIVE_MAX_CONNECTIONS, LIVE_MAX_CONNECTIONS_PER_PERSON), 5000 and 5 by default', () => {
    expect(parseConfig({}).live).toEqual({ maxConnections: 5000, maxConnectionsPerPerson: 5 });
    expect(parseConfig({ LIVE_MAX_CONNECTIONS: '200', LIVE_MAX_CONNECTIONS_PER_PERSON: '2' }).live).toEqual({ maxConnections: 200, maxConnectionsPerPerson: 2 });
  });
  it.each([['LIVE_MAX_CONNECTIONS', '0'], ['LIVE_MAX_CONNECTIONS', '100001'], ['LIVE_MAX_CONNECTIONS_PER_PERSON', '51'], ['LIVE_MAX_CONNECTIONS_PER_PERSON', 'many']])(
    'refuses %s=%s, naming it', (name, value) => {
      expect(refusal({ [name]: value })).toMatch(new RegExp(`^Invalid configuration:\\n  ${name}: `));
    });
  it('refuses a pool size of zero, naming HOTDESK_DB_POOL_SIZE', () => {
    expect(refusal({ HOTDESK_DB_POOL_SIZE: '0' })).toMatch(/HOTDESK_DB_POOL_SIZE/);
  });
  it('names every bad variable at once', () => {
    const m = refusal({ PORT: 'x', LOG_LEVEL: 'loud' });
    expect(m).toMatch(/PORT/);
    expect(m).toMatch(/LOG_LEVEL/);
  });
});
