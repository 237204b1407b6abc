/**
 * Durability (issue 8): book under load, SIGKILL the whole Hotdesk process group (app and its embedded
 * PostgreSQL, as a power cut would) in the middle, start again on the same data folder, and check that
 * every booking answered 2xx is in the database, whole. Run: npx tsx bench/durability.bench.ts
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPool } from '../src/server/db/pool.js';
import { freePort } from '../src/server/db/embedded.js';
import { SessionStore, SESSION_COOKIE } from '../src/server/auth/sessions.js';
import { drawingWithDesks } from '../src/server/testing/fixtures.js';
import { makeClient, recordSideBySide } from './harness.js';

const CLIENTS = 20;
const KILL_AFTER_MS = 2500;
const dataDir = mkdtempSync(join(tmpdir(), 'hotdesk-durability-'));
chmodSync(dataDir, 0o755);

async function startHotdesk(port: number) {
  // detached: its own process group, so one signal reaches the app and its database together
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, HOTDESK_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'], detached: true,
  });
  let out = '';
  child.stdout!.on('data', (d) => { out += d; });
  for (let i = 0; i < 400 && !/running at/.test(out); i++) await new Promise((r) => setTimeout(r, 100));
  if (!/running at/.test(out)) throw new Error(`Hotdesk did not start:\n${out}`);
  return { child, out };
}

/** The embedded database's address, from its postmaster.pid (line 4 is the port). */
function dbUrl(): string {
  const port = readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
  return `postgres://postgres:hotdesk-embedded@127.0.0.1:${port}/hotdesk`;
}

const port = await freePort();
const first = await startHotdesk(port);
let pool = createPool(dbUrl(), 4);
const site = (await pool.query("INSERT INTO sites (title, time_zone) VALUES ('D', 'Europe/London') RETURNING id")).rows[0].id;
const loc = (await pool.query("INSERT INTO locations (site_id, title) VALUES ($1, 'L') RETURNING id", [site])).rows[0].id;
const fp = (await pool.query("INSERT INTO floorplans (location_id, name) VALUES ($1, 'F') RETURNING id", [loc])).rows[0].id;
await pool.query('INSERT INTO layouts (floorplan_id, json, published) VALUES ($1, $2, true)',
  [fp, drawingWithDesks(Array.from({ length: CLIENTS }, (_, i) => ({ id: `D${i}`, x: 20 + i * 40, y: 20 })))]);
const sessions = new SessionStore(pool, 600);
const cookies: string[] = [];
for (let i = 0; i < CLIENTS; i++) {
  const id = (await pool.query('INSERT INTO users (email) VALUES ($1) RETURNING id', [`d${i}@bench.example`])).rows[0].id;
  cookies.push(`${SESSION_COOKIE}=${await sessions.create(id, 'bench')}`);
}
await pool.end();

const acknowledged: Array<{ Id: number; DeskId: string; Start: string }> = [];
let refusedOrLost = 0;
const call = makeClient(port, CLIENTS);
const killAt = Date.now() + KILL_AFTER_MS;
const killer = setTimeout(() => process.kill(-first.child.pid!, 'SIGKILL'), KILL_AFTER_MS);
await Promise.all(cookies.map(async (cookie, c) => {
  for (let i = 0; Date.now() < killAt + 500; i++) {
    const start = new Date(Date.UTC(2031, 0, 1) + i * 3_600_000);
    try {
      const r = await call('POST', '/api/bookings/desk', cookie, { FloorplanId: fp, DeskId: `D${c}`, Start: start.toISOString(), Finish: new Date(start.getTime() + 3_600_000).toISOString() });
      if (r.status === 201) acknowledged.push(JSON.parse(r.body));
      else refusedOrLost++;
    } catch { refusedOrLost++; break; }
  }
}));
clearTimeout(killer);

const second = await startHotdesk(port);
pool = createPool(dbUrl(), 4);
const rows = (await pool.query('SELECT id, desk_id, starts_at, finishes_at, holder_key, status FROM bookings')).rows;
const byId = new Map(rows.map((r) => [Number(r.id), r]));
const missing = acknowledged.filter((b) => {
  const r = byId.get(b.Id);
  return !r || r.desk_id !== b.DeskId || r.starts_at.toISOString() !== b.Start;
});
const halfWritten = rows.filter((r) => !r.desk_id || !r.holder_key || !(r.finishes_at > r.starts_at) || r.status !== 1);
console.log(`\nDurability: ${CLIENTS} clients, SIGKILL of app + database after ${KILL_AFTER_MS} ms, restart with crash recovery (${refusedOrLost} requests refused or cut off by the kill)`);
console.log(`| acknowledged (2xx) | in database after restart | acknowledged but missing | half-written rows | in database but never acknowledged (in flight at the kill) |`);
console.log(`|---|---|---|---|---|`);
console.log(`| ${acknowledged.length} | ${rows.length} | ${missing.length} | ${halfWritten.length} | ${rows.length - acknowledged.length + missing.length} |`);
recordSideBySide({ what: `durability: SIGKILL of app and database under ${CLIENTS} clients, restart`,
  note: `${acknowledged.length} acknowledged, ${missing.length} missing, ${halfWritten.length} half-written, ${rows.length - acknowledged.length + missing.length} in flight at the kill` });
await pool.end();
process.kill(-second.child.pid!, 'SIGINT');
await new Promise((r) => second.child.once('exit', r));
process.exit(missing.length === 0 && halfWritten.length === 0 && acknowledged.length > 0 ? 0 : 1);
