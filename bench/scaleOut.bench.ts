/**
 * Scale-out (issue 8): three app instances on one PostgreSQL, requests spread across them.
 * Checks that a session made on one instance works on the others, that the 200-way race for one desk
 * still yields exactly one booking, and that background jobs do each piece of work once (mail: a real
 * SMTP server on loopback counts what arrives; no-show release of rooms and desks: each missed check-in released and told once,
 * the desk owners' mails counted at that SMTP server). Run: npx tsx bench/scaleOut.bench.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../src/server/db/embedded.js';
import { hashPassword } from '../src/server/auth/passwords.js';
import { SESSION_COOKIE, SessionStore } from '../src/server/auth/sessions.js';
import { drawingWithDesks } from '../src/server/testing/fixtures.js';
import { makeClient, recordSideBySide, startBenchEnv } from './harness.js';

const ROUNDS = Number(process.env.BENCH_RACE_ROUNDS ?? 20);
const MAILS = 300;
// BENCH_RACE_DIAG=1: per race round, what PostgreSQL saw (connections opened, deadlocks, what the app's
// backends waited on, sampled every 20 ms) and the answers' times. BENCH_RACE_ONLY=1: stop after the
// race (the job checks take minutes and are not what the race diagnosis needs).
const DIAG = process.env.BENCH_RACE_DIAG === '1';
const RACE_ONLY = process.env.BENCH_RACE_ONLY === '1';

// A real SMTP server on loopback that counts every message by its subject, and by subject and recipient.
const received = new Map<string, number>();
const receivedBy = new Map<string, number>();
const smtpPort = await freePort();
const smtp = new SMTPServer({
  authOptional: true, disabledCommands: ['STARTTLS'],
  onData(stream, session, done) {
    let raw = '';
    stream.on('data', (c) => { raw += c; });
    stream.on('end', () => {
      const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '?';
      received.set(subject, (received.get(subject) ?? 0) + 1);
      for (const to of session.envelope.rcptTo) receivedBy.set(`${subject} -> ${to.address}`, (receivedBy.get(`${subject} -> ${to.address}`) ?? 0) + 1);
      done();
    });
  },
});
await new Promise<void>((r) => smtp.listen(smtpPort, '127.0.0.1', r));

// The first instance comes from the harness (it also owns the database); two more join it.
const env = await startBenchEnv({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
const { pool } = env;
const ports = [env.port];
const extra: ChildProcess[] = [];
for (let i = 0; i < 2; i++) {
  const port = await freePort();
  extra.push(spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, DATABASE_URL: env.db.url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  }));
  for (let t = 0; t < 300; t++) {
    try { if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break; } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  ports.push(port);
}

// Sessions: sign in on instance 1, use the cookie on 2 and 3; sign out on 3 ends it everywhere.
await pool.query("INSERT INTO users (email, full_name, password_hash) VALUES ('scale@bench.example', 'S', $1)", [await hashPassword('a long password')]);
const login = await fetch(`http://127.0.0.1:${ports[0]}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'scale@bench.example', password: 'a long password' }) });
const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
const statusOn = async (port: number) => (await fetch(`http://127.0.0.1:${port}/api/settings`, { headers: { cookie } })).status;
const sessionsShared = (await Promise.all(ports.map(statusOn))).every((s) => s === 200);
await fetch(`http://127.0.0.1:${ports[2]}/auth/logout`, { method: 'POST', headers: { cookie }, redirect: 'manual' });
const signOutEverywhere = (await Promise.all(ports.map(statusOn))).every((s) => s === 401);

// The race across instances.
const site = (await pool.query("INSERT INTO sites (title, time_zone) VALUES ('S', 'Europe/London') RETURNING id")).rows[0].id;
const loc = (await pool.query("INSERT INTO locations (site_id, title) VALUES ($1, 'L') RETURNING id", [site])).rows[0].id;
const fp = (await pool.query("INSERT INTO floorplans (location_id, name) VALUES ($1, 'F') RETURNING id", [loc])).rows[0].id;
await pool.query('INSERT INTO layouts (floorplan_id, json, published) VALUES ($1, $2, true)', [fp, drawingWithDesks([{ id: 'RACE' }])]);
const sessions = new SessionStore(pool, 600);
const cookies: string[] = [];
for (let i = 0; i < 200; i++) {
  const id = (await pool.query('INSERT INTO users (email) VALUES ($1) RETURNING id', [`r${i}@bench.example`])).rows[0].id;
  cookies.push(`${SESSION_COOKIE}=${await sessions.create(id, 'bench')}`);
}
const clients = ports.map((p) => makeClient(p, 70));
let exact = 0;
for (let round = 0; round < ROUNDS; round++) {
  const start = new Date(Date.UTC(2032, 0, 1) + round * 3_600_000);
  const body = { FloorplanId: fp, DeskId: 'RACE', Start: start.toISOString(), Finish: new Date(start.getTime() + 3_600_000).toISOString() };
  const diag = DIAG ? await startRaceDiagnosis() : undefined;
  const results = await Promise.all(cookies.map((c, i) => clients[i % 3]!('POST', '/api/bookings/desk', c, body)));
  if (diag) console.log(`race round ${round} diagnosis: ${await diag.finish(results)}`);
  const rows = (await pool.query("SELECT count(*)::int AS n FROM bookings WHERE desk_id = 'RACE' AND starts_at = $1 AND status IN (0,1)", [start])).rows[0].n;
  if (results.filter((r) => r.status === 201).length === 1 && results.filter((r) => r.status === 409).length === 199 && rows === 1) exact++;
  else {
    // Say what a failed round got, so a refusal (400/429/5xx) is told apart from a double booking.
    const byStatus = new Map<number, number>();
    for (const r of results) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
    console.log(`race round ${round}: ${rows} row(s); answers ${[...byStatus].map(([s, n]) => `${n} x ${s}`).join(', ')}`);
  }
}

if (RACE_ONLY) {
  console.log(`| 200-way race spread over 3 instances, ${ROUNDS} rounds: exactly one booking each round | ${exact}/${ROUNDS} |`);
  for (const c of extra) c.kill('SIGTERM');
  await env.stop();
  smtp.close();
  process.exit(exact === ROUNDS ? 0 : 1);
}

// Jobs: mails queued once must arrive once, with all three instances running the mail job.
await pool.query(`INSERT INTO mail_outbox (to_address, subject, body_text) SELECT 'x' || g || '@bench.example', 'mail ' || g, 'body' FROM generate_series(1, ${MAILS}) g`);
const deadline = Date.now() + 90_000;
let pending = MAILS;
while (Date.now() < deadline && pending > 0) {
  await new Promise((r) => setTimeout(r, 1000));
  pending = (await pool.query('SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL')).rows[0].n;
}
await new Promise((r) => setTimeout(r, 1500));
const queuedMail = [...received].filter(([subject]) => subject.startsWith('mail '));
const duplicates = queuedMail.filter(([, n]) => n > 1).length;

// No-show release: 50 approved room bookings that started 20 to 70 minutes ago in a room with check-ins,
// nobody checked in. Each must become AutoCancel once, with one e-mail and one push to its owner.
const NOSHOWS = 50;
const owners: number[] = [];
const noShowRooms: number[] = [];
for (let i = 0; i < NOSHOWS; i++) {
  const room = (await pool.query("INSERT INTO rooms (location_id, name, room_type, capacity, room_check_ins) VALUES ($1, $2, 0, 4, true) RETURNING id", [loc, `NoShow ${i}`])).rows[0].id;
  noShowRooms.push(room);
  const owner = (await pool.query('INSERT INTO users (email) VALUES ($1) RETURNING id', [`noshow${i}@bench.example`])).rows[0].id;
  owners.push(owner);
  await pool.query(`INSERT INTO bookings (site_id, location_id, room_id, starts_at, finishes_at, booked_by_user_id, holder_key, status, description)
    VALUES ($1, $2, $3, now() - interval '20 minutes' - make_interval(secs => $4), now() + interval '1 hour', $5, $6, 1, 'no-show')`,
    [site, loc, room, i * 60, owner, `noshow${i}@bench.example`]);
}
const noShowDeadline = Date.now() + 150_000;
let released = 0;
while (Date.now() < noShowDeadline && released < NOSHOWS) {
  await new Promise((r) => setTimeout(r, 2000));
  released = (await pool.query('SELECT count(*)::int AS n FROM bookings WHERE room_id = ANY($1) AND status = 4', [noShowRooms])).rows[0].n;
}
await new Promise((r) => setTimeout(r, 3000)); // let a late duplicate show itself if there were one
const mailsPerOwner = (await pool.query("SELECT count(*)::int AS n FROM mail_outbox WHERE to_address LIKE 'noshow%@bench.example' GROUP BY to_address")).rows.map((r) => r.n);
const pushesPerOwner = (await pool.query('SELECT count(*)::int AS n FROM push_outbox WHERE user_id = ANY($1) GROUP BY user_id', [owners])).rows.map((r) => r.n);
const noShowExact = released === NOSHOWS && mailsPerOwner.length === NOSHOWS && mailsPerOwner.every((n) => n === 1)
  && pushesPerOwner.length === NOSHOWS && pushesPerOwner.every((n) => n === 1);

// Desk no-show release (issue 24): 50 Approved desk bookings at a site requiring desk check-in (window
// 15 minutes before to 30 after) that started 35 to 84 minutes ago, nobody checked in. Each must become
// AutoCancel once, and its owner's mail must reach the SMTP server above exactly once (the mail job
// of all three instances sending), with one push.
const DESK_NOSHOWS = 50;
const DESK_SUBJECT = 'Desk booking released: nobody checked in';
const deskSite = (await pool.query("INSERT INTO sites (title, time_zone, desk_check_ins) VALUES ('Desk no-shows', 'Europe/London', true) RETURNING id")).rows[0].id;
const deskLoc = (await pool.query("INSERT INTO locations (site_id, title) VALUES ($1, 'DL') RETURNING id", [deskSite])).rows[0].id;
const deskFp = (await pool.query("INSERT INTO floorplans (location_id, name) VALUES ($1, 'DF') RETURNING id", [deskLoc])).rows[0].id;
await pool.query('INSERT INTO layouts (floorplan_id, json, published) VALUES ($1, $2, true)',
  [deskFp, drawingWithDesks(Array.from({ length: DESK_NOSHOWS }, (_, i) => ({ id: `N${i}` })))]);
const deskOwners: number[] = [];
for (let i = 0; i < DESK_NOSHOWS; i++) {
  const email = `desk-noshow${i}@bench.example`;
  const owner = (await pool.query('INSERT INTO users (email) VALUES ($1) RETURNING id', [email])).rows[0].id;
  deskOwners.push(owner);
  await pool.query(`INSERT INTO bookings (site_id, location_id, floorplan_id, desk_id, desk_name, starts_at, finishes_at, booked_by_user_id, holder_key, status, description)
    VALUES ($1, $2, $3, $4, $4, now() - interval '35 minutes' - make_interval(secs => $5), now() + interval '3 hours', $6, $7, 1, '')`,
    [deskSite, deskLoc, deskFp, `N${i}`, i * 60, owner, email]);
}
const deskDeadline = Date.now() + 150_000;
let deskReleased = 0, deskMailed = 0;
while (Date.now() < deskDeadline && (deskReleased < DESK_NOSHOWS || deskMailed < DESK_NOSHOWS)) {
  await new Promise((r) => setTimeout(r, 2000));
  deskReleased = (await pool.query('SELECT count(*)::int AS n FROM bookings WHERE floorplan_id = $1 AND status = 4', [deskFp])).rows[0].n;
  deskMailed = [...receivedBy.keys()].filter((k) => k.startsWith(`${DESK_SUBJECT} -> desk-noshow`)).length;
}
await new Promise((r) => setTimeout(r, 3000)); // let a late duplicate show itself if there were one
const deskSmtp = Array.from({ length: DESK_NOSHOWS }, (_, i) => receivedBy.get(`${DESK_SUBJECT} -> desk-noshow${i}@bench.example`) ?? 0);
const deskPushes = (await pool.query('SELECT count(*)::int AS n FROM push_outbox WHERE user_id = ANY($1) GROUP BY user_id', [deskOwners])).rows.map((r) => r.n);
const deskExact = deskReleased === DESK_NOSHOWS && deskSmtp.every((n) => n === 1) && deskPushes.length === DESK_NOSHOWS && deskPushes.every((n) => n === 1);

console.log('\nScale-out: 3 app instances, one PostgreSQL');
console.log('| check | result |');
console.log('|---|---|');
console.log(`| session made on instance 1 works on 2 and 3 | ${sessionsShared ? 'yes' : 'NO'} |`);
console.log(`| sign-out on instance 3 ends it on all | ${signOutEverywhere ? 'yes' : 'NO'} |`);
console.log(`| 200-way race spread over 3 instances, ${ROUNDS} rounds: exactly one booking each round | ${exact}/${ROUNDS} |`);
console.log(`| ${MAILS} queued mails sent by 3 instances' jobs: received / duplicates / still queued | ${queuedMail.length} / ${duplicates} / ${pending} |`);
console.log(`| ${NOSHOWS} missed check-ins released by 3 instances' no-show jobs: released / owners with exactly one e-mail / with exactly one push | ${released} / ${mailsPerOwner.filter((n) => n === 1).length} / ${pushesPerOwner.filter((n) => n === 1).length} |`);

console.log(`| ${DESK_NOSHOWS} missed desk check-ins released by 3 instances' no-show jobs: released / owners whose mail reached SMTP exactly once / more than once / with exactly one push | ${deskReleased} / ${deskSmtp.filter((n) => n === 1).length} / ${deskSmtp.filter((n) => n > 1).length} / ${deskPushes.filter((n) => n === 1).length} |`);

recordSideBySide({ what: `scale-out, 3 instances: 200-way race for one desk, ${ROUNDS} rounds`, note: `${exact}/${ROUNDS} rounds exactly one booking` });
recordSideBySide({ what: 'scale-out, 3 instances: jobs do each piece of work once',
  note: `sessions shared ${sessionsShared ? 'yes' : 'NO'}; ${MAILS} mails: ${queuedMail.length} received, ${duplicates} duplicates; ${NOSHOWS} no-shows: ${released} released, ${mailsPerOwner.filter((n) => n === 1).length} owners told once by mail, ${pushesPerOwner.filter((n) => n === 1).length} by push; ${DESK_NOSHOWS} desk no-shows: ${deskReleased} released, ${deskSmtp.filter((n) => n === 1).length} owners mailed once (SMTP), ${deskPushes.filter((n) => n === 1).length} pushed once` });
for (const c of extra) c.kill('SIGTERM');
await env.stop();
smtp.close();
process.exit(sessionsShared && signOutEverywhere && exact === ROUNDS && duplicates === 0 && pending === 0 && noShowExact && deskExact ? 0 : 1);

/**
 * BENCH_RACE_DIAG: counters of this database before and after a round (sessions = connections opened;
 * read after a pause, as backends report them at most once a second), and pg_stat_activity sampled
 * every 20 ms on a connection of its own while the round runs: the app's backends (application_name
 * 'hotdesk', the bench's own idle pool connections aside) by state and wait event.
 */
async function startRaceDiagnosis() {
  const counters = async () => (await pool.query(
    'SELECT sessions::int, deadlocks::int, xact_rollback::int AS rollbacks FROM pg_stat_database WHERE datname = current_database()')).rows[0] as
    { sessions: number; deadlocks: number; rollbacks: number };
  await new Promise((r) => setTimeout(r, 1100));
  const before = await counters();
  const sampler = await pool.connect();
  const startedAt = new Date();
  const waits = new Map<string, number>();
  const pids = new Set<number>();
  let samples = 0, maxActive = 0, maxLockWaits = 0, maxBackends = 0, activeSum = 0;
  let sampling = true;
  const loop = (async () => {
    while (sampling) {
      const { rows } = await sampler.query<{ pid: number; state: string | null; wt: string | null; we: string | null; q: string }>(
        `SELECT pid, state, wait_event_type AS wt, wait_event AS we, left(query, 30) AS q FROM pg_stat_activity
         WHERE application_name = 'hotdesk' AND pid <> pg_backend_pid() AND (state <> 'idle' OR backend_start > $1)`, [startedAt]);
      samples++;
      const active = rows.filter((r) => r.state !== 'idle');
      activeSum += active.length;
      maxActive = Math.max(maxActive, active.length);
      maxBackends = Math.max(maxBackends, rows.length);
      maxLockWaits = Math.max(maxLockWaits, active.filter((r) => r.wt === 'Lock').length);
      for (const r of rows) pids.add(r.pid);
      for (const r of active) {
        const key = `${r.state}${r.wt ? ` ${r.wt}/${r.we}` : ''}: ${r.q.replace(/\s+/g, ' ').trim()}`;
        waits.set(key, (waits.get(key) ?? 0) + 1);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const t0 = performance.now();
  return {
    async finish(results: { status: number; ms: number }[]): Promise<string> {
      const roundMs = performance.now() - t0;
      sampling = false;
      await loop;
      sampler.release();
      await new Promise((r) => setTimeout(r, 1100));
      const after = await counters();
      const byStatus = new Map<number, number[]>();
      for (const r of results) byStatus.set(r.status, [...(byStatus.get(r.status) ?? []), r.ms]);
      const times = [...byStatus].map(([s, ms]) => {
        ms.sort((a, b) => a - b);
        return `${s}: ${ms.length} (min ${ms[0]!.toFixed(0)}, p50 ${ms[Math.floor(ms.length / 2)]!.toFixed(0)}, max ${ms[ms.length - 1]!.toFixed(0)} ms)`;
      }).join('; ');
      const top = [...waits].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, n]) => `${k} x${n}`).join(' | ');
      return `${roundMs.toFixed(0)} ms; connections opened ${after.sessions - before.sessions}, deadlocks ${after.deadlocks - before.deadlocks}, ` +
        `rollbacks ${after.rollbacks - before.rollbacks}; app backends seen ${pids.size}, most at once ${maxBackends}; ` +
        `${samples} samples: active mean ${(activeSum / Math.max(1, samples)).toFixed(1)}, max ${maxActive}, waiting on locks max ${maxLockWaits}; ` +
        `answers ${times}; busiest (state wait: query x samples): ${top}`;
    },
  };
}
