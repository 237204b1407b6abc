/**
 * Booking rooms by inviting them (issue 23), end to end: 1,000 iMIP invitations (written with ical.js,
 * 1 in 10 for a slot another invitation already holds, so declined) are sent with nodemailer over SMTP
 * to the real listener, which stores them; then the job (as each instance runs it: 4 workers, FOR UPDATE
 * SKIP LOCKED) parses each, checks the sender's Authentication-Results, books the room through the room
 * booking rules or declines, and queues the room's iTIP REPLY in the mail outbox. The two phases are
 * timed apart (in one process, on a real embedded PostgreSQL): the rate the listener accepts mail, and
 * the rate the job processes it (parsed, booked or declined, reply queued). Target: >= 100/s processed.
 * Run: npx tsx bench/inboundInvitations.bench.ts   (BENCH_INVITATIONS, default 1000)
 */
import ICAL from 'ical.js';
import nodemailer from 'nodemailer';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SessionStore } from '../src/server/auth/sessions.js';
import { SignInLimiter } from '../src/server/auth/signInLimiter.js';
import { parseConfig } from '../src/server/config.js';
import { startEmbeddedDatabase } from '../src/server/db/embedded.js';
import { migrate } from '../src/server/db/migrate.js';
import { createPool } from '../src/server/db/pool.js';
import { startInboundListener } from '../src/server/features/inboundMail/inboundListener.js';
import { processInboundMail } from '../src/server/features/inboundMail/inboundMail.job.js';

const COUNT = Number(process.env.BENCH_INVITATIONS ?? 1000);
const ROOMS = 50;
const PEOPLE = 100;
const DAY_MS = 86_400_000;

function invitation(uid: string, organizer: string, room: string, start: Date): string {
  const cal = new ICAL.Component(['vcalendar', [], []]);
  cal.addPropertyWithValue('prodid', '-//Bench//ical.js//EN');
  cal.addPropertyWithValue('version', '2.0');
  cal.addPropertyWithValue('method', 'REQUEST');
  const ev = new ICAL.Component('vevent');
  ev.addPropertyWithValue('uid', uid);
  ev.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(), true));
  ev.addPropertyWithValue('dtstart', ICAL.Time.fromJSDate(start, true));
  ev.addPropertyWithValue('dtend', ICAL.Time.fromJSDate(new Date(start.getTime() + 3_600_000), true));
  ev.addPropertyWithValue('sequence', 0);
  ev.addPropertyWithValue('summary', `Meeting ${uid}`);
  ev.addPropertyWithValue('organizer', `mailto:${organizer}`);
  ev.addPropertyWithValue('attendee', `mailto:${room}`);
  cal.addSubcomponent(ev);
  return cal.toString();
}

const dir = mkdtempSync(join(tmpdir(), 'hotdesk-bench-'));
chmodSync(dir, 0o755);
const db = await startEmbeddedDatabase({ dataDir: dir, log: () => undefined });
const pool = createPool(db.url, 20);
await migrate(pool);
const config = parseConfig({
  INBOUND_SMTP_PORT: '0', INBOUND_AUTHSERV_ID: 'mx.bench.example', INBOUND_ROOM_ADDRESS_PATTERN: 'room-{slug}@book.bench.example',
  INBOUND_MAX_PER_SENDER_PER_HOUR: '1000', LOG_LEVEL: 'silent',
});
const deps = { config, pool, sessions: new SessionStore(pool, 600), signInLimiter: new SignInLimiter(pool), now: () => new Date(), version: 'bench' };
const quiet = { info: () => undefined, warn: () => undefined };
const listener = await startInboundListener(pool, config.inbound!, quiet);
const smtpPort = listener.port;
try {
  const site = (await pool.query<{ id: number }>("INSERT INTO sites (title, time_zone) VALUES ('Bench site', 'Europe/London') RETURNING id")).rows[0]!.id;
  const loc = (await pool.query<{ id: number }>("INSERT INTO locations (site_id, title) VALUES ($1, 'Floor 1') RETURNING id", [site])).rows[0]!.id;
  await pool.query(`INSERT INTO rooms (location_id, name, room_type, capacity) SELECT $1, 'Room ' || n, 0, 8 FROM generate_series(1, $2) n`, [loc, ROOMS]);
  await pool.query(`INSERT INTO users (email, full_name) SELECT 'p' || n || '@bench.example', 'P ' || n FROM generate_series(0, $1 - 1) n`, [PEOPLE]);

  // Invitation i: room i % 50, on day 1 + floor(i / 50) at 10:00 UTC; every tenth repeats the slot of the one before it (same room).
  const tomorrow = Math.ceil(Date.now() / DAY_MS) * DAY_MS + DAY_MS;
  const slotOf = (i: number) => (i % 10 === 9 ? i - 1 : i);
  const messages = Array.from({ length: COUNT }, (_, i) => {
    const s = slotOf(i);
    const room = `room-room-${(s % ROOMS) + 1}@book.bench.example`;
    const from = `p${i % PEOPLE}@bench.example`;
    const start = new Date(tomorrow + Math.floor(s / ROOMS) * DAY_MS + 10 * 3_600_000);
    return { from, room, ics: invitation(`bench-${i}@bench.example`, from, room, start) };
  });

  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true, pool: true, maxConnections: 4, maxMessages: Infinity });
  const sendStart = performance.now();
  await Promise.all(Array.from({ length: 4 }, async (_, w) => {
    for (let i = w; i < COUNT; i += 4) {
      const m = messages[i]!;
      await transport.sendMail({
        from: m.from, to: m.room, subject: 'Invitation', text: 'Invitation',
        headers: { 'Authentication-Results': 'mx.bench.example; dkim=pass header.d=bench.example' },
        icalEvent: { method: 'REQUEST', content: m.ics },
      });
    }
  }));
  const sendSeconds = (performance.now() - sendStart) / 1000;
  transport.close();

  const processStart = performance.now();
  while ((await processInboundMail(deps, quiet)) > 0) { /* runs until the queue is empty */ }
  const processSeconds = (performance.now() - processStart) / 1000;
  const { rows: [span] } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM inbound_mail WHERE processed_at IS NOT NULL');
  const outcomes = await pool.query<{ kind: string; n: string }>(
    `SELECT split_part(split_part(outcome, ': ', 2), ' ', 1) AS kind, count(*) AS n FROM inbound_mail GROUP BY 1 ORDER BY 1`);
  const replies = await pool.query<{ partstat: string; n: string }>(
    `SELECT substring(ics FROM 'PARTSTAT=([A-Z]+)') AS partstat, count(*) AS n FROM mail_outbox WHERE ics LIKE '%METHOD:REPLY%' GROUP BY 1 ORDER BY 1`);
  const bookings = await pool.query<{ n: string }>('SELECT count(*) AS n FROM bookings WHERE status IN (0, 1)');
  console.log(`invitations: ${span!.n} stored; outcomes: ${outcomes.rows.map((r) => `${r.kind} ${r.n}`).join(', ')}`);
  console.log(`replies queued: ${replies.rows.map((r) => `${r.partstat} ${r.n}`).join(', ')}; active bookings: ${bookings.rows[0]!.n}`);
  console.log(`listener: ${COUNT} received in ${sendSeconds.toFixed(2)} s = ${(COUNT / sendSeconds).toFixed(0)}/s (4 SMTP connections)`);
  console.log(`job: ${span!.n} processed in ${processSeconds.toFixed(2)} s = ${(COUNT / processSeconds).toFixed(0)}/s (parsed, booked or declined, reply queued; target >= 100/s)`);
} finally {
  await listener.close();
  await pool.end();
  await db.stop();
}
