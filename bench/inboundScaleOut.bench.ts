/**
 * Booking rooms by inviting them, on three instances (issue 23, last point): three app instances on one
 * PostgreSQL, each with its own inbound SMTP listener and the trust settings a deployment uses (the
 * organisation's relay, here loopback, in INBOUND_SMTP_TRUSTED_RELAYS; no Authentication-Results
 * headers), and every instance running the inbound, follow-up and mail jobs. N invitations written with
 * ical.js (BENCH_INVITATIONS, default 300) from 100 known people are sent with nodemailer, spread over
 * the three listeners: 1 in 10 asks for the slot of the one before it (one of the two is DECLINED; the
 * two usually reach different instances), 3 of the 30 rooms are restricted (TENTATIVE). A real SMTP
 * server on loopback counts the rooms' iTIP REPLYs by recipient and UID. Checks:
 * - every message stored once and processed once (each instance's log names the messages it processed:
 *   no id twice across the three), none failed or dropped;
 * - one active booking per slot, never two bookings from one UID, and the answer agrees with the booking;
 * - every organiser receives exactly one REPLY per invitation, no REPLY twice;
 * - organisers cancel 1 in 5 of the accepted ones through the API of an instance other than the one that
 *   received the invitation: each gets exactly one follow-up REPLY (DECLINED, "Cancelled in Hotdesk").
 * Reports the end-to-end rate (first invitation sent to last REPLY received) and timings. Exits 1 if
 * anything is not exactly once. Run: npx tsx bench/inboundScaleOut.bench.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import nodemailer from 'nodemailer';
import { freePort, startEmbeddedDatabase } from '../src/server/db/embedded.js';
import { migrate } from '../src/server/db/migrate.js';
import { createPool } from '../src/server/db/pool.js';
import { invite } from '../src/server/features/inboundMail/inboundTestKit.js';
import { calendarPart, parseCalendar, startSmtp } from '../src/server/features/mail/invitationTestKit.js';
import { makeClient, percentile, recordSideBySide, signedInPeople } from './harness.js';

const COUNT = Number(process.env.BENCH_INVITATIONS ?? 300);
const ROOMS = 30;
const RESTRICTED = 3; // the last three rooms
const PEOPLE = 100;
const INSTANCES = 3;
const DAY_MS = 86_400_000;
const PATTERN = 'room-{slug}@book.bench.example';
/** Longer than a mail job tick (5 s) plus a follow-up job tick (5 s): a late duplicate would arrive within it. */
const GRACE_MS = 12_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const organiserOf = (i: number) => `p${i % PEOPLE}@bench.example`;
const uidOf = (i: number) => `bench-${i}@bench.example`;
const listenerOf = (i: number) => i % INSTANCES;

// The counting SMTP server: every message with its recipients and arrival time; REPLYs parsed with ical.js.
interface Reply { to: string; uid: string; partstat: string; comment: string; at: number }
const replies: Reply[] = [];
const otherMail: { to: string; subject: string }[] = [];
const smtp = await startSmtp(({ to: recipients, raw }) => {
  const at = performance.now();
  const to = recipients.map((r) => r.toLowerCase()).join(',');
  const part = calendarPart(raw);
  if (/method=REPLY/i.test(part.contentType)) {
    const ev = parseCalendar(part.body).events[0]!;
    replies.push({ to, uid: ev.uid, partstat: ev.attendees[0]?.partstat ?? '?', comment: String(ev.component.getFirstPropertyValue('comment') ?? ''), at });
  } else otherMail.push({ to, subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '?' });
});

const loadAtStart = loadavg();
const dir = mkdtempSync(join(tmpdir(), 'hotdesk-bench-'));
chmodSync(dir, 0o755);
const db = await startEmbeddedDatabase({ dataDir: dir, log: () => undefined });
const pool = createPool(db.url, 10);
await migrate(pool);

// Each instance's stdout: the inbound job logs every message it processed (inboundMailId) as a JSON line.
interface Instance { proc: ChildProcess; port: number; smtpPort: number; processed: number[]; failed: string[]; jobErrors: string[] }
async function startInstance(): Promise<Instance> {
  const port = await freePort();
  const inboundPort = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env, DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SMTP_URL: smtp.url,
      INBOUND_SMTP_PORT: String(inboundPort), INBOUND_SMTP_HOST: '127.0.0.1', INBOUND_SMTP_TRUSTED_RELAYS: '127.0.0.1',
      INBOUND_ROOM_ADDRESS_PATTERN: PATTERN,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const inst: Instance = { proc, port, smtpPort: inboundPort, processed: [], failed: [], jobErrors: [] };
  createInterface({ input: proc.stdout! }).on('line', (line) => {
    let o: { msg?: string; inboundMailId?: number; error?: string; job?: string; err?: { message?: string } };
    try { o = JSON.parse(line) as typeof o; } catch { return; }
    if (o.msg === 'inbound invitation processed' && o.inboundMailId !== undefined) inst.processed.push(o.inboundMailId);
    else if (o.msg === 'inbound invitation failed') inst.failed.push(`${o.inboundMailId}: ${o.error}`);
    else if (o.msg?.startsWith('background job failed')) inst.jobErrors.push(`${o.job}: ${o.err?.message ?? ''}`);
  });
  for (let t = 0; t < 600; t++) {
    try { if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break; } catch { /* starting */ }
    await sleep(100);
  }
  // The listener starts in the app's onReady hook; wait until it takes connections.
  for (let t = 0; t < 100; t++) {
    const up = await new Promise<boolean>((r) => { const s = connect(inboundPort, '127.0.0.1', () => { s.end(); r(true); }); s.on('error', () => r(false)); });
    if (up) break;
    await sleep(100);
  }
  return inst;
}
const instances: Instance[] = [];
for (let k = 0; k < INSTANCES; k++) instances.push(await startInstance());

// The organisation: one site, 30 rooms (the last three restricted), 100 signed-in people.
const site = (await pool.query<{ id: number }>("INSERT INTO sites (title, time_zone) VALUES ('Inbound', 'Europe/London') RETURNING id")).rows[0]!.id;
const loc = (await pool.query<{ id: number }>("INSERT INTO locations (site_id, title) VALUES ($1, 'Floor 1') RETURNING id", [site])).rows[0]!.id;
await pool.query(`INSERT INTO rooms (location_id, name, room_type, capacity, restrict_room_access)
  SELECT $1, 'Room ' || n, 0, 8, n > $2 - $3 FROM generate_series(1, $2) n`, [loc, ROOMS, RESTRICTED]);
const { cookies } = await signedInPeople(pool, PEOPLE);

// Invitation i: slot i (room i % 30, day i / 30 from tomorrow, 10:00 UTC); every tenth asks for the slot of the one before.
const tomorrow = Math.ceil(Date.now() / DAY_MS) * DAY_MS + DAY_MS;
const slotOf = (i: number) => (i % 10 === 9 ? i - 1 : i);
const roomNumber = (i: number) => (slotOf(i) % ROOMS) + 1;
const restricted = (i: number) => roomNumber(i) > ROOMS - RESTRICTED;
const wallClock = (ms: number) => new Date(ms).toISOString().slice(0, 16);
const messages = Array.from({ length: COUNT }, (_, i) => {
  const start = tomorrow + Math.floor(slotOf(i) / ROOMS) * DAY_MS + 10 * 3_600_000;
  const room = `room-room-${roomNumber(i)}@book.bench.example`;
  return { from: organiserOf(i), room, ics: invite({ uid: uidOf(i), organizer: organiserOf(i), room, summary: `Meeting ${i}`, start: wallClock(start), end: wallClock(start + 3_600_000), tzid: 'UTC' }) };
});

// Phase 1: send, two SMTP connections per listener; wait until every invitation is processed and answered.
const transports = instances.map((inst) => nodemailer.createTransport({ host: '127.0.0.1', port: inst.smtpPort, secure: false, ignoreTLS: true, pool: true, maxConnections: 2, maxMessages: Infinity }));
const refused: string[] = [];
const sendStart = performance.now();
await Promise.all(Array.from({ length: INSTANCES * 2 }, async (_, w) => {
  for (let i = w; i < COUNT; i += INSTANCES * 2) {
    const m = messages[i]!;
    try {
      await transports[listenerOf(i)]!.sendMail({
        from: `P ${i % PEOPLE} <${m.from}>`, to: m.room, subject: `Meeting ${i}`, text: 'You are invited.',
        icalEvent: { method: 'REQUEST', content: m.ics },
      });
    } catch (err) { refused.push(`${i}: ${(err as Error).message}`); }
  }
}));
const sendSeconds = (performance.now() - sendStart) / 1000;
for (const t of transports) t.close();

const processedCount = async () => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM inbound_mail WHERE processed_at IS NOT NULL')).rows[0]!.n;
const deadline = Date.now() + 300_000;
while (Date.now() < deadline && (replies.length < COUNT || (await processedCount()) < COUNT)) await sleep(250);
const phase1Replies = replies.length;
const lastReplyAt = replies.length ? Math.max(...replies.map((r) => r.at)) : performance.now();
const endToEndSeconds = (lastReplyAt - sendStart) / 1000;
await sleep(GRACE_MS); // let a late duplicate show itself if there were one

const { rows: [mailRows] } = await pool.query<{ stored: number; processed: number; failed: number; dropped: number; seconds: number }>(
  `SELECT count(*)::int AS stored, count(processed_at)::int AS processed,
     count(*) FILTER (WHERE outcome LIKE 'failed:%')::int AS failed, count(*) FILTER (WHERE outcome LIKE 'dropped:%')::int AS dropped,
     extract(epoch FROM max(processed_at) - min(received_at))::float AS seconds FROM inbound_mail`);
const links = new Map((await pool.query<{ uid: string; booking_id: number | null; status: number | null }>(
  'SELECT i.uid, i.booking_id, b.status FROM inbound_invitations i LEFT JOIN bookings b ON b.id = i.booking_id')).rows.map((r) => [r.uid, r]));
const bookingsPerUid = (await pool.query<{ n: number }>(
  "SELECT count(*)::int AS n FROM bookings WHERE description LIKE 'Meeting %' GROUP BY description")).rows;
const activePerSlot = (await pool.query<{ n: number }>(
  'SELECT count(*)::int AS n FROM bookings WHERE status IN (0, 1) AND room_id IS NOT NULL GROUP BY room_id, starts_at')).rows;
const slots = new Set(Array.from({ length: COUNT }, (_, i) => slotOf(i))).size;

/** The REPLYs each invitation's UID got, in order of arrival. */
const repliesOf = () => {
  const by = new Map<string, Reply[]>();
  for (const r of replies) by.set(r.uid, [...(by.get(r.uid) ?? []), r]);
  return by;
};
// The answer agrees with what the database holds: ACCEPTED for an Approved booking, TENTATIVE for a Pending one, DECLINED for none.
const expectedPartstat = (i: number) => {
  const l = links.get(uidOf(i));
  if (!l?.booking_id) return 'DECLINED';
  return l.status === 0 ? 'TENTATIVE' : 'ACCEPTED';
};
let by = repliesOf();
const answeredOnce = Array.from({ length: COUNT }, (_, i) => i).filter((i) => {
  const rs = by.get(uidOf(i)) ?? [];
  return rs.length === 1 && rs[0]!.to === organiserOf(i) && rs[0]!.partstat === expectedPartstat(i);
}).length;
const answeredTwice = [...by.values()].filter((rs) => rs.length > 1).length;
const partstats = new Map<string, number>();
for (const r of replies) partstats.set(r.partstat, (partstats.get(r.partstat) ?? 0) + 1);
// Why the DECLINED ones were declined (a clash; a deadlock between two instances' inserts would say "at the same moment").
const declineReasons = new Map<string, number>();
for (const r of replies) if (r.partstat === 'DECLINED') declineReasons.set(r.comment, (declineReasons.get(r.comment) ?? 0) + 1);
const tentativeExpected = new Set(Array.from({ length: COUNT }, (_, i) => i).filter(restricted).map(slotOf)).size;

const processedIds = instances.flatMap((inst) => inst.processed);
const processedTwice = processedIds.length - new Set(processedIds).size;
const phase1Exact = refused.length === 0 && mailRows!.stored === COUNT && mailRows!.processed === COUNT && mailRows!.failed === 0 && mailRows!.dropped === 0
  && processedIds.length === COUNT && processedTwice === 0
  && bookingsPerUid.every((r) => r.n === 1) && bookingsPerUid.length === slots && activePerSlot.length === slots && activePerSlot.every((r) => r.n === 1)
  && answeredOnce === COUNT && answeredTwice === 0 && phase1Replies === COUNT
  && (partstats.get('DECLINED') ?? 0) === COUNT - slots && (partstats.get('TENTATIVE') ?? 0) === tentativeExpected;

// Phase 2: organisers cancel 1 in 5 of the accepted bookings through another instance's API, all at once.
const targets = Array.from({ length: COUNT }, (_, i) => i).filter((i) => i % 5 === 0 && links.get(uidOf(i))?.status === 1);
const clients = instances.map((inst) => makeClient(inst.port, 20));
const otherMailBefore = otherMail.length;
const cancelStart = performance.now();
const cancels = await Promise.all(targets.map((i) => clients[(listenerOf(i) + 1) % INSTANCES]!(
  'DELETE', '/api/bookings', cookies[i % PEOPLE]!, { Id: links.get(uidOf(i))!.booking_id })));
const cancelLatencies = cancels.map((r) => r.ms).sort((a, b) => a - b);
const followUpsArrived = () => targets.filter((i) => (repliesOf().get(uidOf(i)) ?? []).length >= 2).length;
const followDeadline = Date.now() + 120_000;
while (Date.now() < followDeadline && followUpsArrived() < targets.length) await sleep(250);
const lastFollowUpAt = Math.max(cancelStart, ...targets.map((i) => (repliesOf().get(uidOf(i)) ?? [])[1]?.at ?? cancelStart));
const followUpSeconds = (lastFollowUpAt - cancelStart) / 1000;
await sleep(GRACE_MS);

by = repliesOf();
const targetSet = new Set(targets);
const followedOnce = targets.filter((i) => {
  const rs = by.get(uidOf(i)) ?? [];
  return rs.length === 2 && rs[1]!.to === organiserOf(i) && rs[1]!.partstat === 'DECLINED' && rs[1]!.comment.startsWith('Cancelled in Hotdesk');
}).length;
const othersUntouched = Array.from({ length: COUNT }, (_, i) => i).filter((i) => !targetSet.has(i) && (by.get(uidOf(i)) ?? []).length !== 1).length;
const cancelledRows = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings WHERE id = ANY($1::bigint[]) AND status = 3',
  [targets.map((i) => links.get(uidOf(i))!.booking_id)])).rows[0]!.n;
const cancelMails = otherMail.slice(otherMailBefore).filter((m) => m.subject === 'Booking cancelled').length;
const phase2Exact = cancels.every((r) => r.status === 200) && cancelledRows === targets.length && followedOnce === targets.length && othersUntouched === 0;

const fmt = (n: number) => n.toFixed(1);
console.log(`\nInbound invitations on ${INSTANCES} instances, one PostgreSQL (${COUNT} invitations, ${ROOMS} rooms of which ${RESTRICTED} restricted, ${PEOPLE} organisers)`);
console.log('| check | result |');
console.log('|---|---|');
console.log(`| sent over SMTP, ${INSTANCES} listeners x 2 connections: accepted / refused | ${COUNT - refused.length} / ${refused.length} (${fmt(sendSeconds)} s, ${(COUNT / sendSeconds).toFixed(0)}/s) |`);
console.log(`| inbound_mail rows: stored / processed / failed / dropped | ${mailRows!.stored} / ${mailRows!.processed} / ${mailRows!.failed} / ${mailRows!.dropped} |`);
console.log(`| processed per instance (from each one's log) / message ids processed twice | ${instances.map((inst) => inst.processed.length).join(' + ')} / ${processedTwice} |`);
console.log(`| bookings: UIDs with exactly one booking / with more / slots with exactly one active booking (of ${slots}) | ${bookingsPerUid.filter((r) => r.n === 1).length} / ${bookingsPerUid.filter((r) => r.n > 1).length} / ${activePerSlot.filter((r) => r.n === 1).length} |`);
console.log(`| REPLYs received: ${[...partstats].map(([p, n]) => `${p} ${n}`).join(', ')} (expected DECLINED ${COUNT - slots}, TENTATIVE ${tentativeExpected}) | ${phase1Replies} |`);
console.log(`| DECLINED because | ${[...declineReasons].map(([c, n]) => `${n} x "${c}"`).join('; ')} |`);
console.log(`| invitations answered exactly once, to the organiser, agreeing with the booking / UIDs answered more than once | ${answeredOnce}/${COUNT} / ${answeredTwice} |`);
console.log(`| end to end (first invitation sent to last REPLY received) | ${fmt(endToEndSeconds)} s = ${(COUNT / endToEndSeconds).toFixed(1)} invitations/s |`);
console.log(`| processing (first stored to last processed, database clock) | ${fmt(mailRows!.seconds)} s |`);
console.log(`| cancelled on screen via another instance: 200s / cancelled rows / organisers with exactly one follow-up DECLINED / others with a second REPLY | ${cancels.filter((r) => r.status === 200).length}/${targets.length} / ${cancelledRows} / ${followedOnce} / ${othersUntouched} |`);
console.log(`| cancel API p50 / p95; last follow-up REPLY received after | ${fmt(percentile(cancelLatencies, 50))} / ${fmt(percentile(cancelLatencies, 95))} ms; ${fmt(followUpSeconds)} s |`);
console.log(`| other mail to organisers after the cancellations ("Booking cancelled", Hotdesk's own CANCEL) | ${cancelMails} |`);
const problems = [...refused, ...instances.flatMap((inst, k) => [...inst.failed, ...inst.jobErrors].map((e) => `instance ${k + 1}: ${e}`))];
if (problems.length) console.log(`problems (first 10 of ${problems.length}):\n  ${problems.slice(0, 10).join('\n  ')}`);
console.log(`load average (1/5/15 min): ${loadAtStart.map((n) => n.toFixed(2)).join(' ')} at the start, ${loadavg().map((n) => n.toFixed(2)).join(' ')} at the end`);
const verdict = phase1Exact && phase2Exact;
console.log(`verdict: ${verdict ? 'exactly once' : 'NOT exactly once'}`);

recordSideBySide({
  what: `inbound invitations, ${INSTANCES} instances: ${COUNT} invitations end to end`, perSecond: COUNT / endToEndSeconds,
  note: `${answeredOnce}/${COUNT} answered exactly once, ${processedTwice} processed twice; ${followedOnce}/${targets.length} on-screen cancellations answered once`,
});
for (const inst of instances) inst.proc.kill('SIGTERM');
await Promise.all(instances.map((inst) => new Promise((r) => { if (inst.proc.exitCode !== null) r(undefined); else inst.proc.once('exit', r); })));
await pool.end();
await db.stop();
await smtp.close();
process.exit(verdict ? 0 : 1);
