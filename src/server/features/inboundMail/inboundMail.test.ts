import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPool } from '../../db/pool.js';
import { buildTestApp, type TestApp } from '../../testing/testApp.js';
import { calendarPart, startSmtp } from '../mail/invitationTestKit.js';
import { call, createOrg, london, NOW, resetBookings, type Org } from '../roomBooking/roomBookingTestKit.js';
import { startInboundListener, type InboundListener } from './inboundListener.js';
import {
  AUTHSERV, DKIM_PASS, fixture, inboundConfig, invite, memoryLog, processAndCollect, sendRaw, sendTo,
} from './inboundTestKit.js';
import { REASONS } from './inboundProcess.service.js';
import { processInboundMail } from './inboundMail.job.js';

/**
 * Booking a room by inviting it, end to end with real parts: nodemailer sends invitations written by
 * ical.js (and stored samples of Outlook, Google and Apple mail) to the real listener on loopback, the
 * job books through the room booking rules on a real database, and the room's answers leave through
 * the mail outbox to the project's SMTP test server, where they are parsed.
 */
let t: TestApp & { dropDatabase: () => Promise<void> };
let org: Org;
let listener: InboundListener;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const log = memoryLog();
const THAMES = 'room-thames@book.hq.example';
const BOARDROOM = 'room-boardroom@book.hq.example';

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  org = await createOrg(t);
  t.deps.config.inbound = inboundConfig();
  listener = await startInboundListener(t.pool, t.deps.config.inbound, log);
  smtp = await startSmtp();
});
afterAll(async () => { await listener?.close(); await smtp?.close(); await t?.dropDatabase(); });
beforeEach(async () => {
  await resetBookings(t);
  await t.pool.query('DELETE FROM inbound_invitations');
  await t.pool.query('DELETE FROM inbound_mail');
  log.lines.length = 0;
});

const roomBookings = async (roomId: number) => (await t.pool.query<{ id: string; starts_at: Date; finishes_at: Date; status: number; booked_by_user_id: number; description: string }>(
  'SELECT id, starts_at, finishes_at, status, booked_by_user_id, description FROM bookings WHERE room_id = $1 ORDER BY id', [roomId])).rows;

const inviteThames = (o: Partial<Parameters<typeof invite>[0]> = {}) => invite({
  uid: 'meeting-1@hq.example', organizer: 'staff@hq.example', room: THAMES, start: '2030-04-02T09:00', end: '2030-04-02T10:00', tzid: 'Europe/London', ...o,
});
const fromStaff = (ics: string, extra: Partial<Parameters<typeof sendTo>[1]> = {}) =>
  sendTo(listener.port, { from: 'Sofia Staff <staff@hq.example>', to: THAMES, ics, authResults: [DKIM_PASS], ...extra });
const run = () => processAndCollect(t.deps, smtp, log, smtp.received.length);

describe('a trusted invitation from a known person', () => {
  it('books the room for DTSTART-DTEND as that person and answers ACCEPTED with the reason', async () => {
    await fromStaff(inviteThames({ summary: 'Budget' }));
    const replies = await run();
    const [b] = await roomBookings(org.thames);
    expect(b).toMatchObject({ status: 1, booked_by_user_id: org.staff.id, description: 'Budget' });
    expect(b!.starts_at.toISOString()).toBe(london(2, '09:00'));
    expect(b!.finishes_at.toISOString()).toBe(london(2, '10:00'));
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ to: ['staff@hq.example'], partstat: 'ACCEPTED', uid: 'meeting-1@hq.example', attendee: `mailto:${THAMES}`, comment: REASONS.booked });
    expect(replies[0]!.sentBy).toBe('mailto:hotdesk@localhost');
    expect(replies[0]!.subject).toContain('Accepted: Budget');
  });

  it('reads Windows zone names without a VTIMEZONE (W. Europe Standard Time is Berlin time)', async () => {
    await fromStaff(inviteThames({ tzid: 'W. Europe Standard Time', start: '2030-04-02T11:00', end: '2030-04-02T12:00' }));
    await run();
    const [b] = await roomBookings(org.thames);
    expect(b!.starts_at.toISOString()).toBe('2030-04-02T09:00:00.000Z'); // 11:00 CEST
  });

  it('declines all-day events with the reason in words', async () => {
    await fromStaff(inviteThames({ allDay: true, start: '2030-04-02', end: '2030-04-03' }));
    const replies = await run();
    expect(await roomBookings(org.thames)).toHaveLength(0);
    expect(replies.map((r) => [r.partstat, r.comment])).toEqual([['DECLINED', REASONS.allDay]]);
    expect(replies[0]!.text).toContain(REASONS.allDay.slice(0, 40));
  });

  it('declines a clash with the reason, and a time past the rules of a booking', async () => {
    await call(t, org.other, 'POST', '/api/bookings/room', { RoomId: org.thames, Description: 'Taken', Start: london(2, '09:00'), Finish: london(2, '10:00') });
    await fromStaff(inviteThames({ start: '2030-04-02T09:30', end: '2030-04-02T10:30' }));
    await fromStaff(inviteThames({ uid: 'past@hq.example', start: '2030-03-30T09:00', end: '2030-03-30T10:00' }));
    const replies = await run();
    expect(await roomBookings(org.thames)).toHaveLength(1);
    expect(replies.map((r) => [r.uid, r.partstat])).toEqual([['meeting-1@hq.example', 'DECLINED'], ['past@hq.example', 'DECLINED']]);
    expect(replies[0]!.comment).toBe('This slot clashes with another booking');
    expect(replies[1]!.comment).toMatch(/past/i);
  });

  it('moves the booking when the invitation changes, and declines (keeping the booking) when the new time is taken', async () => {
    await fromStaff(inviteThames());
    await run();
    await fromStaff(inviteThames({ start: '2030-04-02T14:00', end: '2030-04-02T15:00', sequence: 1, dtstamp: '2030-04-01T06:10:00Z' }));
    const moved = await run();
    const [b] = await roomBookings(org.thames);
    expect(b!.starts_at.toISOString()).toBe(london(2, '14:00'));
    expect(moved.map((r) => [r.partstat, r.comment])).toEqual([['ACCEPTED', REASONS.moved]]);
    await call(t, org.other, 'POST', '/api/bookings/room', { RoomId: org.thames, Description: 'Taken', Start: london(2, '16:00'), Finish: london(2, '17:00') });
    await fromStaff(inviteThames({ start: '2030-04-02T16:00', end: '2030-04-02T17:00', sequence: 2, dtstamp: '2030-04-01T06:20:00Z' }));
    const refused = await run();
    expect(refused[0]).toMatchObject({ partstat: 'DECLINED' });
    expect(refused[0]!.comment).toContain('clashes');
    expect((await roomBookings(org.thames)).find((x) => x.id === b!.id)!.starts_at.toISOString()).toBe(london(2, '14:00'));
  });

  it('ignores an older copy of the invitation arriving late', async () => {
    await fromStaff(inviteThames({ sequence: 2, dtstamp: '2030-04-01T06:20:00Z' }));
    await run();
    await fromStaff(inviteThames({ start: '2030-04-02T14:00', end: '2030-04-02T15:00', sequence: 1, dtstamp: '2030-04-01T06:10:00Z' }));
    expect(await run()).toHaveLength(0);
    expect((await roomBookings(org.thames))[0]!.starts_at.toISOString()).toBe(london(2, '09:00'));
  });

  it('cancels the booking on CANCEL, with no answer (iTIP: attendees do not reply to a cancellation)', async () => {
    await fromStaff(inviteThames());
    await run();
    await fromStaff(inviteThames({ method: 'CANCEL', sequence: 1, dtstamp: '2030-04-01T06:30:00Z' }), { method: 'CANCEL' });
    expect(await run()).toHaveLength(0);
    expect((await roomBookings(org.thames))[0]!.status).toBe(3);
  });

  it('another person cannot cancel or take over a meeting by reusing its UID', async () => {
    await fromStaff(inviteThames());
    await run();
    await sendTo(listener.port, { from: 'other@hq.example', to: THAMES, ics: inviteThames({ method: 'CANCEL', organizer: 'other@hq.example', sequence: 5 }), authResults: [DKIM_PASS], method: 'CANCEL' });
    await sendTo(listener.port, { from: 'other@hq.example', to: THAMES, ics: inviteThames({ organizer: 'other@hq.example', sequence: 6, start: '2030-04-02T12:00', end: '2030-04-02T13:00' }), authResults: [DKIM_PASS] });
    const replies = await run();
    const [b] = await roomBookings(org.thames);
    expect(b).toMatchObject({ status: 1, booked_by_user_id: org.staff.id });
    expect(b!.starts_at.toISOString()).toBe(london(2, '09:00'));
    expect(replies.map((r) => [r.to, r.partstat, r.comment])).toEqual([[['other@hq.example'], 'DECLINED', REASONS.notYours]]);
  });

  it('a restricted room answers TENTATIVE, then ACCEPTED when approved (or DECLINED with the reason when rejected)', async () => {
    await fromStaff(inviteThames({ room: BOARDROOM }), { to: BOARDROOM });
    await fromStaff(inviteThames({ uid: 'second@hq.example', room: BOARDROOM, start: '2030-04-03T09:00', end: '2030-04-03T10:00' }), { to: BOARDROOM });
    const first = await run();
    expect(first.map((r) => [r.uid, r.partstat, r.comment])).toEqual([
      ['meeting-1@hq.example', 'TENTATIVE', REASONS.pending], ['second@hq.example', 'TENTATIVE', REASONS.pending]]);
    expect((await roomBookings(org.boardroom)).map((b) => b.status)).toEqual([0, 0]);
    // The job's workers run side by side: which booking is whose comes from the invitation links.
    const bookingOf = async (uid: string) => (await t.pool.query<{ booking_id: string }>('SELECT booking_id FROM inbound_invitations WHERE uid = $1', [uid])).rows[0]!.booking_id;
    const one = { id: await bookingOf('meeting-1@hq.example') }, two = { id: await bookingOf('second@hq.example') };
    expect((await call(t, org.approver, 'POST', `/api/bookings/approve/${one.id}`)).statusCode).toBe(200);
    expect((await call(t, org.approver, 'POST', `/api/bookings/reject/${two.id}`, { CancellationReason: 'Board meeting that day' })).statusCode).toBe(200);
    const decided = await run();
    expect(decided.map((r) => [r.uid, r.partstat, r.attendee])).toEqual([
      ['meeting-1@hq.example', 'ACCEPTED', `mailto:${BOARDROOM}`], ['second@hq.example', 'DECLINED', `mailto:${BOARDROOM}`]]);
    expect(decided[1]!.comment).toContain('Board meeting that day');
  });
});

describe('the organizer\'s calendar holds one event: their own meeting', () => {
  const hotdeskEvents = (since: number) => smtp.received.slice(since)
    .filter((m) => m.to.includes('staff@hq.example') && /method=(REQUEST|CANCEL)/i.test(calendarPart(m.raw).contentType));

  it('a decision and a cancellation on the screen are answered by the room alone, never with an event of Hotdesk\'s own', async () => {
    await fromStaff(inviteThames({ room: BOARDROOM }), { to: BOARDROOM });
    const seen = smtp.received.length;
    await run();
    const { rows: [link] } = await t.pool.query<{ booking_id: string }>('SELECT booking_id FROM inbound_invitations');
    expect((await call(t, org.approver, 'POST', `/api/bookings/approve/${link!.booking_id}`)).statusCode).toBe(200);
    const approved = await run();
    expect(approved.map((r) => r.partstat)).toEqual(['ACCEPTED']);
    expect((await call(t, org.staff, 'DELETE', '/api/bookings', { Id: Number(link!.booking_id) })).statusCode).toBe(200);
    const cancelled = await run();
    expect(cancelled.map((r) => [r.partstat, r.comment])).toEqual([['DECLINED', 'Cancelled in Hotdesk. The room is no longer booked for this meeting.']]);
    // The approval notice may reach them, but no REQUEST or CANCEL of a second event; nor a "Booking cancelled" mail.
    expect(hotdeskEvents(seen)).toEqual([]);
    expect(smtp.received.slice(seen).filter((m) => /^Subject: Booking cancelled/m.test(m.raw))).toEqual([]);
  });
});

describe('trust: nothing is answered unless the sender is vouched for and known', () => {
  it('ignores a forged sender: no booking, no reply, a log line', async () => {
    const before = smtp.received.length;
    // No Authentication-Results at all; one from another authserv-id; one that fails; a pass for another domain.
    await fromStaff(inviteThames(), { authResults: [] });
    await fromStaff(inviteThames(), { authResults: [`evil.example; dkim=pass header.d=hq.example`] });
    await fromStaff(inviteThames(), { authResults: [`${AUTHSERV}; dkim=fail header.d=hq.example; spf=softfail smtp.mailfrom=staff@hq.example`] });
    await fromStaff(inviteThames(), { authResults: [`${AUTHSERV}; dkim=pass header.d=attacker.example`] });
    expect(await run()).toHaveLength(0);
    expect(await roomBookings(org.thames)).toHaveLength(0);
    expect(log.lines.filter((l) => l.startsWith('inbound mail dropped: untrusted sender staff@hq.example'))).toHaveLength(4);
    expect(smtp.received.slice(before)).toHaveLength(0);
  });

  it('trusts mail from a configured relay without any header', async () => {
    await fromStaff(inviteThames(), { authResults: [], localAddress: '127.0.0.2' });
    expect((await run()).map((r) => r.partstat)).toEqual(['ACCEPTED']);
  });

  it('does not answer an unknown sender, even a trusted one', async () => {
    await sendTo(listener.port, { from: 'stranger@hq.example', to: THAMES, ics: inviteThames({ organizer: 'stranger@hq.example' }), authResults: [DKIM_PASS] });
    expect(await run()).toHaveLength(0);
    expect(smtp.received.some((m) => m.to.includes('stranger@hq.example'))).toBe(false);
    expect(log.lines.some((l) => l.startsWith('inbound mail dropped: unknown sender stranger@hq.example'))).toBe(true);
  });
});

describe('limits of the listener', () => {
  it('refuses a message over the size limit with 552', async () => {
    await expect(fromStaff(inviteThames(), { text: 'x'.repeat(70_000) })).rejects.toMatchObject({ responseCode: 552 });
    expect((await t.pool.query('SELECT 1 FROM inbound_mail')).rowCount).toBe(0);
  });

  it('refuses a sender past the hourly count with 451', async () => {
    const limited = await startInboundListener(t.pool, inboundConfig({ INBOUND_MAX_PER_SENDER_PER_HOUR: '2' }), log);
    try {
      const send = () => sendTo(limited.port, { from: 'flood@hq.example', to: THAMES, text: 'hello' });
      await send();
      await send();
      await expect(send()).rejects.toMatchObject({ responseCode: 451 });
      expect((await t.pool.query("SELECT 1 FROM inbound_mail WHERE sender_key = 'flood@hq.example'")).rowCount).toBe(2);
    } finally { await limited.close(); }
  });
});

describe('several instances', () => {
  it('process each stored message exactly once when their jobs run at the same moment', async () => {
    for (let i = 0; i < 24; i++) {
      await fromStaff(inviteThames({ uid: `m${String(i).padStart(2, '0')}@hq.example`, start: `2030-04-${String(2 + Math.floor(i / 8)).padStart(2, '0')}T${String(9 + (i % 8)).padStart(2, '0')}:00`, end: `2030-04-${String(2 + Math.floor(i / 8)).padStart(2, '0')}T${String(9 + (i % 8)).padStart(2, '0')}:30` }));
    }
    const before = smtp.received.length;
    // Three instances: each its own pool, as separate processes would have.
    const pools = [createPool(t.pool.options.connectionString!, 10), createPool(t.pool.options.connectionString!, 10)];
    try {
      const counts = await Promise.all([t.deps, ...pools.map((pool) => ({ ...t.deps, pool }))].map((deps) => processInboundMail(deps, log)));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(24);
      expect(counts.filter((n) => n > 0).length).toBeGreaterThan(1); // the work was shared, not done by one
    } finally { await Promise.all(pools.map((p) => p.end())); }
    expect(await roomBookings(org.thames)).toHaveLength(24);
    const replies = await processAndCollect(t.deps, smtp, log, before);
    expect(replies).toHaveLength(24);
    expect(new Set(replies.map((r) => r.uid)).size).toBe(24);
    expect(replies.every((r) => r.partstat === 'ACCEPTED')).toBe(true);
  });
});

describe('what real clients send (stored samples)', () => {
  it('Outlook/Exchange: Windows zone with its VTIMEZONE, X-MICROSOFT properties, base64 text/calendar part', async () => {
    await sendRaw(listener.port, { from: 'staff@hq.example', to: 'room-severn@book.hq.example' }, fixture('outlook-request.eml'));
    const replies = await run();
    const [b] = await roomBookings(org.severn);
    expect(b!.starts_at.toISOString()).toBe(london(3, '14:00'));
    expect(b!.description).toBe('Quarterly review');
    expect(replies.map((r) => r.partstat)).toEqual(['ACCEPTED']);
  });

  it('Google Calendar: an update with SEQUENCE still 0 moves the booking (newer DTSTAMP, new content)', async () => {
    await sendRaw(listener.port, { from: 'staff@hq.example', to: THAMES }, fixture('google-request.eml'));
    await run();
    expect((await roomBookings(org.thames))[0]!.starts_at.toISOString()).toBe(london(2, '10:00'));
    await sendRaw(listener.port, { from: 'staff@hq.example', to: THAMES }, fixture('google-update.eml'));
    const replies = await run();
    const rows = await roomBookings(org.thames);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.starts_at.toISOString()).toBe(london(2, '15:00'));
    expect(replies.map((r) => [r.partstat, r.uid])).toEqual([['ACCEPTED', '5k2q9s0v7d1m3hq8l4c6e0b2ta@google.com']]);
  });

  it('Apple Calendar: quoted-printable attachment, IANA zone, non-ASCII title', async () => {
    await sendRaw(listener.port, { from: 'staff@hq.example', to: 'room-clinic-a@book.hq.example' }, fixture('apple-request.eml'));
    const replies = await run();
    const [b] = await roomBookings(org.clinicA);
    expect(b!.starts_at.toISOString()).toBe(london(4, '10:30'));
    expect(b!.description).toBe('Patient review – café');
    expect(replies.map((r) => r.partstat)).toEqual(['ACCEPTED']);
  });
});
