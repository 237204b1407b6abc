import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { parseConfig, type Config } from '../config.js';
import { createPool } from '../db/pool.js';
import { withDatabase } from '../db/databaseUrl.js';
import { SessionStore, SESSION_COOKIE } from '../auth/sessions.js';
import { SignInLimiter } from '../auth/signInLimiter.js';
import { hashPassword } from '../auth/passwords.js';
import type { AppDeps } from '../deps.js';
import type { RoleName } from '../../domain/roles.js';
import { ROLES } from '../../domain/roles.js';

/** A database of this test file's own, cloned from the migrated template. */
export async function createTestDatabase(): Promise<{ url: string; pool: pg.Pool; drop: () => Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE t_template`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const pool = createPool(url, 10);
  return {
    url,
    pool,
    drop: async () => {
      await pool.end();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  pool: pg.Pool;
  deps: AppDeps;
  /** Moves the app's clock; rules about time are tested at their boundaries with it. */
  setNow: (d: Date) => void;
  close: () => Promise<void>;
}

export async function buildTestApp(opts: { env?: Record<string, string>; pool?: pg.Pool; now?: Date; web?: { distDir: string } } = {}): Promise<TestApp & { dropDatabase: () => Promise<void> }> {
  const db = opts.pool ? undefined : await createTestDatabase();
  const pool = opts.pool ?? db!.pool;
  let now = opts.now;
  const config: Config = parseConfig({ LOG_LEVEL: process.env.HOTDESK_TEST_LOG === '1' ? 'error' : 'silent', ...opts.env });
  const deps: AppDeps = {
    config,
    pool,
    sessions: new SessionStore(pool, config.sessionIdleMinutes, config.sessionMaxDays),
    signInLimiter: new SignInLimiter(pool),
    now: () => now ?? new Date(),
    version: '1.0.1',
  };
  const app = await buildApp(deps, { web: opts.web ?? false, logger: process.env.HOTDESK_TEST_LOG === '1' });
  await app.ready();
  return {
    app,
    pool,
    deps,
    setNow: (d) => { now = d; },
    close: () => app.close(),
    dropDatabase: async () => { await app.close(); await db?.drop(); },
  };
}

export interface TestUser { id: number; email: string; password: string; cookie: string }

// Password hashing is slow on purpose; tests hash each distinct password once.
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

/** A person with the given roles, signed in (a real session row; the cookie to send). */
export async function createUser(t: { pool: pg.Pool; deps: AppDeps }, o: { email?: string; name?: string; roles?: RoleName[]; password?: string } = {}): Promise<TestUser> {
  const email = o.email ?? `user-${randomBytes(4).toString('hex')}@example.org`;
  const password = o.password ?? 'correct horse battery';
  const { rows } = await t.pool.query<{ id: number }>(
    'INSERT INTO users (email, full_name, password_hash) VALUES ($1, $2, $3) RETURNING id',
    [email, o.name ?? email.split('@')[0], await hashOnce(password)],
  );
  const id = rows[0]!.id;
  for (const role of o.roles ?? []) {
    await t.pool.query('INSERT INTO user_roles VALUES ($1, $2)', [id, ROLES.find((r) => r.Name === role)!.Id]);
  }
  const token = await t.deps.sessions.create(id, 'test');
  return { id, email, password, cookie: `${SESSION_COOKIE}=${token}` };
}

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookieFrom(res: { headers: Record<string, unknown> }): string | undefined {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const found = list.find((c: string) => c.startsWith(`${SESSION_COOKIE}=`) && !c.startsWith(`${SESSION_COOKIE}=;`));
  return found?.split(';')[0];
}
