import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from './db/embedded.js';
import { withDatabase } from './db/databaseUrl.js';

// Three real `main.ts` processes started at the same moment against one "external" PostgreSQL (a
// fresh, empty database on the test cluster, given as DATABASE_URL), as docs/operations.md says
// instances may be. Every start-up step races: migrations, the configured admin, the VAPID key pair.
// And the start-up order: the first 200 from /readyz must mean "ready to use", so the configured
// admin signs in on it.

const ADMIN = { email: 'Boss@Example.org', password: 'configured password' };
const adminUrl = inject('pgAdminUrl');

interface Instance { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> }

async function adminQuery<R extends pg.QueryResultRow>(sql: string, url = adminUrl): Promise<pg.QueryResult<R>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query<R>(sql);
  } finally {
    await c.end();
  }
}

/** A fresh, empty database and the instances started on it; stopped with SIGTERM after the describe. */
function group() {
  const dbName = `t_together_${randomBytes(4).toString('hex')}`;
  const dbUrl = withDatabase(adminUrl, dbName);
  const instances: Instance[] = [];
  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${dbName}`); // empty: the instances migrate it themselves
  });
  afterAll(async () => {
    for (const i of instances) if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGTERM');
    const codes = await Promise.race([
      Promise.all(instances.map((i) => i.exited)),
      sleep(20_000).then(() => 'timeout' as const),
    ]);
    for (const i of instances) if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGKILL');
    await adminQuery(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`).catch(() => undefined);
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    expect(codes).not.toBe('timeout'); // every instance stopped on SIGTERM
    for (const i of instances) {
      expect(() => process.kill(i.child.pid!, 0)).toThrow(); // none is left running
      expect(i.output()).toContain('Stopped.');
    }
  });
  const start = async (args: string[] = []) => {
    const i = spawnInstance(dbUrl, await freePort(), args);
    instances.push(i);
    return i;
  };
  return { dbName, dbUrl, instances, start };
}

function spawnInstance(dbUrl: string, port: number, args: string[]): Instance {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: dbUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', HOTDESK_DB_POOL_SIZE: '4',
    HOTDESK_ADMIN_EMAIL: ADMIN.email, HOTDESK_ADMIN_PASSWORD: ADMIN.password,
  };
  for (const key of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'PUBLIC_URL', 'HOTDESK_DATA_DIR']) delete env[key];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => { output += d; });
  child.stderr!.on('data', (d) => { output += d; });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, output: () => output, exited };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const signIn = async (i: Instance, email: string, password: string) => {
  const login = await fetch(`http://127.0.0.1:${i.port}/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${i.port}` },
    body: JSON.stringify({ email, password }),
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => c.includes('hotdesk_session='));
  return { login, cookie };
};

/** Polls /readyz as fast as it can and returns on its very first 200. */
async function firstReady(i: Instance): Promise<void> {
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (i.child.exitCode !== null) throw new Error(`instance on ${i.port} exited ${i.child.exitCode}:\n${i.output()}`);
    if (Date.now() > deadline) throw new Error(`instance on ${i.port} never became ready:\n${i.output()}`);
    const ready = await fetch(`http://127.0.0.1:${i.port}/readyz`).then((r) => r.status, () => 0);
    if (ready === 200) return;
    await sleep(ready === 0 ? 2 : 0);
  }
}

const readyz = (i: Instance) => fetch(`http://127.0.0.1:${i.port}/readyz`).then((r) => r.status, () => 0);

describe('three instances started at the same moment on one database', () => {
  const { dbName, dbUrl, instances, start } = group();
  let signedIn: { login: Response; cookie: string | undefined }[];
  let probe: pg.Client;
  beforeAll(async () => {
    probe = new pg.Client({ connectionString: dbUrl });
    await probe.connect();
  });
  afterAll(() => probe.end().catch(() => undefined));

  it('all become ready, and the configured admin signs in on the first 200 from /readyz of each', async () => {
    await Promise.all([start(), start(), start()]);
    const atFirstReady = await Promise.all(instances.map(async (i) => {
      await firstReady(i);
      // At once, on an open connection: is the admin there? And the sign-in itself.
      const [admins, signedInNow] = await Promise.all([
        probe.query(`SELECT 1 FROM users u JOIN user_roles r ON r.user_id = u.id AND r.role_id = 1 WHERE u.email_key = 'boss@example.org'`),
        signIn(i, ADMIN.email.toLowerCase(), ADMIN.password),
      ]);
      return { admins: admins.rowCount, ...signedInNow };
    }));
    signedIn = atFirstReady;
    for (const [n, s] of atFirstReady.entries()) {
      expect(s.admins, `instance ${n}: the admin existed when /readyz first said 200`).toBe(1);
      expect(s.login.status, `instance ${n} output:\n${instances[n]!.output()}`).toBe(200);
      expect(s.cookie).toBeDefined();
    }
    for (const i of instances) {
      expect(i.child.exitCode).toBeNull();
      expect(i.output()).not.toContain('could not start');
    }
    // "is running at" is printed once the app listens, after every start-up step.
    for (const i of instances) {
      await expect.poll(() => i.output(), { timeout: 10_000 }).toContain(`is running at http://localhost:${i.port}`);
      expect(i.output()).toContain(`as ${ADMIN.email}`);
    }
  }, 180_000);

  it('left exactly one admin account, with the Admin role, and migrated the database once', async () => {
    const { rows } = await adminQuery<{ email_key: string; role_id: number | null }>(
      'SELECT u.email_key, r.role_id FROM users u LEFT JOIN user_roles r ON r.user_id = u.id', dbUrl);
    expect(rows).toEqual([{ email_key: 'boss@example.org', role_id: 1 }]);
    const migrations = await adminQuery<{ n: number; distinct: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT name)::int AS distinct FROM schema_migrations', dbUrl);
    expect(migrations.rows[0]!.n).toBe(migrations.rows[0]!.distinct);
    expect(migrations.rows[0]!.n).toBeGreaterThan(10);
  });

  it('share one VAPID public key', async () => {
    const keys = await Promise.all(instances.map(async (i, n) => {
      const res = await fetch(`http://127.0.0.1:${i.port}/api/pushMessaging/publicKey`, { headers: { cookie: signedIn[n]!.cookie! } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { PublicKey: string }).PublicKey;
    }));
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(new Set(keys).size).toBe(1);
    const stored = await adminQuery<{ value: string }>(`SELECT value FROM app_state WHERE key = 'vapid_keys'`, dbUrl);
    expect(stored.rows).toHaveLength(1);
    expect(JSON.parse(stored.rows[0]!.value).publicKey).toBe(keys[0]);
  });

  it('/readyz answers 503 while the database refuses connections (/healthz 200), and 200 again after', async () => {
    await probe.end();
    await adminQuery(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`);
    await adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${dbName}'`);
    for (const i of instances) {
      expect(await readyz(i)).toBe(503);
      expect((await fetch(`http://127.0.0.1:${i.port}/healthz`)).status).toBe(200);
    }
    await adminQuery(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
    for (const i of instances) await expect.poll(() => readyz(i), { timeout: 10_000 }).toBe(200);
    probe = new pg.Client({ connectionString: dbUrl });
    await probe.connect();
  }, 60_000);
});

describe('two instances started at the same moment with --demo (npm run demo)', () => {
  const { dbUrl, instances, start } = group();

  it('both become ready with the demo organisation made once, and its people and the admin sign in on the first 200', async () => {
    await Promise.all([start(['--demo']), start(['--demo'])]);
    const results = await Promise.all(instances.map(async (i) => {
      await firstReady(i);
      return Promise.all([
        signIn(i, 'staff@demo.hotdesk', 'demo-staff-2026'),
        signIn(i, 'admin@demo.hotdesk', 'demo-admin-2026'),
        signIn(i, ADMIN.email, ADMIN.password),
      ]);
    }));
    for (const [n, logins] of results.entries()) {
      expect(logins.map((l) => l.login.status), `instance ${n} output:\n${instances[n]!.output()}`).toEqual([200, 200, 200]);
    }
    for (const i of instances) {
      await expect.poll(() => i.output(), { timeout: 10_000 }).toContain(`is running at http://localhost:${i.port}`);
      expect(i.output()).toContain('staff@demo.hotdesk');
      expect(i.output()).not.toContain('could not start');
    }
    const sites = await adminQuery<{ title: string }>('SELECT title FROM sites ORDER BY title', dbUrl);
    expect(sites.rows.map((r) => r.title)).toEqual(['London HQ', 'New York Clinic']);
    const admins = await adminQuery<{ email_key: string }>('SELECT u.email_key FROM users u JOIN user_roles r ON r.user_id = u.id AND r.role_id = 1 ORDER BY 1', dbUrl);
    expect(admins.rows.map((r) => r.email_key)).toEqual(['admin@demo.hotdesk', 'boss@example.org']);
  }, 180_000);
});
