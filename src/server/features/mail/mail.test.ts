import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/testApp.js';
import { notify } from '../notifications/notify.js';
import { bookVia, createOrg, NOW, resetBookings, type Org } from '../roomBooking/roomBookingTestKit.js';
import { MAX_MAIL_ATTEMPTS, retryDelayMs, sendDueMail, type MailLog } from './mailOutbox.job.js';

/**
 * The mail job against a REAL SMTP server on loopback (smtp-server): what arrives, a server that is
 * down, and several instances running the job at once.
 */
interface Received { from: string; to: string[]; raw: string }

let t: Awaited<ReturnType<typeof buildTestApp>>;
let o: Org;
let smtp: SMTPServer;
let smtpUrl: string;
let received: Received[] = [];
let downUrl: string;

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  o = await createOrg(t);
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (c: string) => { raw += c; });
      stream.on('end', () => {
        // A little latency, so concurrent job runs really overlap.
        setTimeout(() => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        }, 5);
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  downUrl = `smtp://127.0.0.1:${await freePort()}`; // nothing listens there
});
afterAll(async () => {
  await new Promise<void>((r) => smtp.close(() => r()));
  await t.dropDatabase();
});
beforeEach(async () => {
  await resetBookings(t);
  received = [];
});

const logged: { msg: string; obj: object }[] = [];
const log: MailLog = { info: (obj, msg) => logged.push({ msg, obj }), warn: (obj, msg) => logged.push({ msg, obj }) };
const job = (url: string | undefined, now = NOW) => sendDueMail({ pool: t.pool, config: { smtpUrl: url, mailFrom: 'Hotdesk <hotdesk@hq.example>' }, now: () => now, log });
const outbox = async () => (await t.pool.query('SELECT to_address, attempts, sent_at, next_try_at, last_error FROM mail_outbox ORDER BY id')).rows;

/** The decoded text of the message's text/calendar part. */
function calendarPart(raw: string): string {
  const m = /Content-Type: text\/calendar[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*\r?\n((?:[^\r\n]+\r?\n)*)\r?\n([\s\S]*?)\r?\n--/i.exec(raw);
  if (!m) return '';
  const headers = m[1] ?? '';
  const body = m[2] ?? '';
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  }
  return body;
}
const header = (raw: string, name: string) => new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'mi').exec(raw)?.[1]?.replace(/\r?\n[ \t]+/g, ' ').trim();

describe('mail outbox job with a real SMTP server', () => {
  it('sends a booking confirmation with its invitation to the booker and the on-behalf person', async () => {
    const b = await bookVia(t, o.staff, { RoomId: o.thames, OnBehalfOfEmail: 'guest@example.org', Description: 'Quarterly review' });
    expect(await job(smtpUrl)).toEqual({ sent: 2, failed: 0 });
    expect(received.map((r) => r.to[0]).sort()).toEqual(['guest@example.org', 'staff@hq.example']);
    for (const r of received) {
      expect(r.from).toBe('hotdesk@hq.example');
      expect(r.raw).toMatch(/text\/calendar; charset=utf-8; method=REQUEST/i); // an invitation (issue 23)
      const ics = calendarPart(r.raw);
      expect(ics).toContain(`UID:hotdesk-booking-${b.Id}`);
      expect(ics).toContain('DTSTART;TZID=Europe/London:20300402T090000'); // the site's clock, with its VTIMEZONE
      expect(ics).toContain('SUMMARY:Quarterly review');
    }
    const subjects = received.map((r) => decodeSubject(header(r.raw, 'Subject') ?? ''));
    expect(subjects).toEqual(['Room booked: Thames, Tue, 2 Apr 2030, 09:00–10:00', 'Room booked: Thames, Tue, 2 Apr 2030, 09:00–10:00']);
    for (const row of await outbox()) expect(row).toMatchObject({ attempts: 1, last_error: null, sent_at: NOW });
    // Sent mail is not sent again.
    expect(await job(smtpUrl)).toEqual({ sent: 0, failed: 0 });
    expect(received).toHaveLength(2);
  });

  it('sends a request to the site NotificationEmail and the approvers, then the decision to the requester', async () => {
    const b = await bookVia(t, o.staff, { RoomId: o.boardroom, OnBehalfOfEmail: 'guest@example.org' });
    await job(smtpUrl);
    expect(received.map((r) => r.to[0]).sort()).toEqual(['approver@hq.example', 'facilities@hq.example', 'rooms@hq.example']);
    expect(received.every((r) => decodeSubject(header(r.raw, 'Subject') ?? '').startsWith('Room request: Boardroom'))).toBe(true);
    expect(received.every((r) => !/text\/calendar/i.test(r.raw))).toBe(true);
    received = [];
    const res = await t.app.inject({ method: 'POST', url: `/api/bookings/reject/${b.Id}`, headers: { cookie: o.approver.cookie }, payload: { CancellationReason: 'Room closed' } });
    expect(res.statusCode).toBe(200);
    await job(smtpUrl);
    expect(received.map((r) => r.to[0]).sort()).toEqual(['guest@example.org', 'staff@hq.example']);
    expect(received[0]!.raw).toContain('Reason: Room closed');
  });

  it('a mail server that is down: the booking stands, the mail stays queued with the error and a later next try', async () => {
    const b = await bookVia(t, o.staff, { RoomId: o.thames });
    expect(await job(downUrl)).toEqual({ sent: 0, failed: 1 });
    const [row] = await outbox();
    expect(row.sent_at).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/ECONNREFUSED/);
    expect(row.next_try_at.getTime()).toBe(NOW.getTime() + retryDelayMs(0));
    expect((await t.pool.query('SELECT status FROM bookings WHERE id = $1', [b.Id])).rows[0].status).toBe(1);
    // Not due yet: a run now leaves it alone, even with the server back.
    expect(await job(smtpUrl)).toEqual({ sent: 0, failed: 0 });
    // Down again when due: the back-off doubles.
    const later = new Date(NOW.getTime() + retryDelayMs(0));
    await job(downUrl, later);
    const [again] = await outbox();
    expect(again.attempts).toBe(2);
    expect(again.next_try_at.getTime()).toBe(later.getTime() + retryDelayMs(1));
    // The server is back: the mail goes out.
    expect(await job(smtpUrl, new Date(later.getTime() + retryDelayMs(1)))).toEqual({ sent: 1, failed: 0 });
    expect(received).toHaveLength(1);
    expect((await outbox())[0]).toMatchObject({ attempts: 3, last_error: null });
  });

  it('gives up after the last attempt (never due again)', async () => {
    await notify(t.pool, { userIds: [], emails: ['x@example.org'], subject: 'S', text: 'T', url: '/' });
    await t.pool.query('UPDATE mail_outbox SET attempts = $1', [MAX_MAIL_ATTEMPTS - 1]);
    await job(downUrl);
    const [row] = (await t.pool.query("SELECT attempts, next_try_at = 'infinity' AS never, last_error FROM mail_outbox")).rows;
    expect(row).toMatchObject({ attempts: MAX_MAIL_ATTEMPTS, never: true });
    expect(row.last_error).toMatch(/^gave up after 20 attempts/);
  });

  it('several instances running the job at once send each mail exactly once', async () => {
    for (let i = 0; i < 75; i++) {
      await notify(t.pool, { userIds: [], emails: [`person${i}@example.org`], subject: `Mail ${i}`, text: 'T', url: '/' });
    }
    const results = await Promise.all([job(smtpUrl), job(smtpUrl), job(smtpUrl)]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(75);
    expect(results.filter((r) => r.sent > 0).length).toBeGreaterThan(1); // the runs really overlapped
    expect(received).toHaveLength(75);
    expect(new Set(received.map((r) => r.to[0])).size).toBe(75);
    expect((await t.pool.query('SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL')).rows[0].n).toBe(0);
  }, 30_000);

  it('without SMTP_URL, writes the mail to the log and marks it sent', async () => {
    logged.length = 0;
    await bookVia(t, o.staff, { RoomId: o.thames });
    expect(await job(undefined)).toEqual({ sent: 1, failed: 0 });
    expect(logged).toHaveLength(1);
    expect(logged[0]!.msg).toContain('SMTP_URL is not set');
    expect(logged[0]!.obj).toMatchObject({ mail: { to: 'staff@hq.example', subject: 'Room booked: Thames, Tue, 2 Apr 2030, 09:00–10:00' } });
    expect((await outbox())[0].sent_at).toEqual(NOW);
  });
});

describe('retryDelayMs', () => {
  it('doubles from 30 seconds up to an hour', () => {
    expect([0, 1, 2, 3].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(7)).toBe(3_600_000);
    expect(retryDelayMs(1000)).toBe(3_600_000);
  });
});

/** RFC 2047 encoded-words (nodemailer encodes the en dash). */
function decodeSubject(s: string): string {
  return s.replace(/\s*=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) => enc.toUpperCase() === 'B'
    ? Buffer.from(text, 'base64').toString('utf8')
    : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'));
}
