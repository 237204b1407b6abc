import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { releaseNoShows } from '../noShow/noShow.service.js';
import { createPool } from '../../db/pool.js';
import { buildTestApp, type TestApp } from '../../testing/testApp.js';
import { startSmtp } from '../mail/invitationTestKit.js';
import { call, createOrg, NOW, resetBookings, type Org } from '../roomBooking/roomBookingTestKit.js';
import { startInboundListener, type InboundListener } from './inboundListener.js';
import { DKIM_PASS, inboundConfig, invite, memoryLog, processAndCollect, sendTo, type InviteSpec } from './inboundTestKit.js';
import { answerScreenChanges } from './invitationFollowUp.js';
import { REASONS } from './inboundProcess.service.js';

/**
 * Repeating invitations book room series, and the room answers again when a booking made by
 * invitation changes in Hotdesk (issue 23), end to end with real parts: invitations written by ical.js
 * go by SMTP to the real listener, the job books on a real database, and the answers leave through the
 * mail outbox to the project's SMTP test server, where they are parsed.
 */
let t: TestApp & { dropDatabase: () => Promise<void> };
let org: Org;
let listener: InboundListener;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const log = memoryLog();
const THAMES = 'room-thames@book.hq.example';
const BOARDROOM = 'room-boardroom@book.hq.example';
const MAX = () => t.deps.config.seriesMaxOccurrences;
let defaultMax = 0;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  org = await createOrg(t);
  t.deps.config.inbound = inboundConfig();
  defaultMax = MAX();
  listener = await startInboundListener(t.pool, t.deps.config.inbound, log);
  smtp = await startSmtp();
});
afterAll(async () => { await listener?.close(); await smtp?.close(); await t?.dropDatabase(); });
beforeEach(async () => {
  await resetBookings(t);
  await t.pool.query('DELETE FROM inbound_invitations');
  await t.pool.query('DELETE FROM inbound_mail');
  await t.pool.query('DELETE FROM closures');
  await t.pool.query('UPDATE sites SET room_check_ins = false WHERE id = $1', [org.siteId]);
  t.setNow(NOW);
  t.deps.config.seriesMaxOccurrences = defaultMax;
  log.lines.length = 0;
});

interface Row { id: string; starts_at: Date; finishes_at: Date; status: number; series_id: string | null }
const rows = async (roomId: number) => (await t.pool.query<Row>(
  'SELECT id, starts_at, finishes_at, status, series_id FROM bookings WHERE room_id = $1 ORDER BY starts_at, id', [roomId])).rows;
const active = async (roomId: number) => (await rows(roomId)).filter((r) => r.status === 0 || r.status === 1);
const starts = (rs: Row[]) => rs.map((r) => r.starts_at.toISOString());

/** A weekly Tuesday meeting from 15 October 2030, across the clock change of 27 October (London: BST to GMT). */
const weekly = (o: Partial<InviteSpec> = {}) => invite({
  uid: 'weekly@hq.example', organizer: 'staff@hq.example', room: THAMES, start: '2030-10-15T09:00', end: '2030-10-15T10:00',
  tzid: 'Europe/London', rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=4', ...o,
});
const fromStaff = (ics: string, extra: Partial<Parameters<typeof sendTo>[1]> = {}) =>
  sendTo(listener.port, { from: 'Sofia Staff <staff@hq.example>', to: THAMES, ics, authResults: [DKIM_PASS], ...extra });
const run = () => processAndCollect(t.deps, smtp, log, smtp.received.length);
const cancelOnScreen = (who: Org['staff'], body: Record<string, unknown>) =>
  t.app.inject({ method: 'DELETE', url: '/api/bookings', headers: { cookie: who.cookie }, payload: body });

const WEEKLY_STARTS = ['2030-10-15T08:00:00.000Z', '2030-10-22T08:00:00.000Z', '2030-10-29T09:00:00.000Z', '2030-11-05T09:00:00.000Z'];

describe('a repeating invitation books a room series', () => {
  it('books every occurrence as one series, 09:00 on the London clock across the clock change, and answers ACCEPTED once', async () => {
    await fromStaff(weekly());
    const replies = await run();
    const booked = await rows(org.thames);
    expect(starts(booked)).toEqual(WEEKLY_STARTS);
    expect(booked.every((b) => b.status === 1 && b.series_id !== null && b.series_id === booked[0]!.series_id)).toBe(true);
    expect(booked.map((b) => b.finishes_at.getTime() - b.starts_at.getTime())).toEqual([3_600_000, 3_600_000, 3_600_000, 3_600_000]);
    expect(replies.map((r) => [r.partstat, r.comment, r.recurrenceId])).toEqual([['ACCEPTED', 'Booked 4 occurrences.', undefined]]);
    const series = (await t.pool.query('SELECT rule, first_date::text, start_minutes FROM booking_series WHERE id = $1', [booked[0]!.series_id])).rows[0];
    expect(series).toEqual({ rule: { Frequency: 'Weekly', Interval: 1, ByDay: ['TU'], Until: '2030-11-05' }, first_date: '2030-10-15', start_minutes: 540 });
  });

  it('reads a Windows zone name (GMT Standard Time) and applies EXDATE and RDATE', async () => {
    await fromStaff(weekly({
      uid: 'outlook@hq.example', tzid: 'GMT Standard Time', start: '2030-10-16T14:00', end: '2030-10-16T15:30', rrule: 'FREQ=WEEKLY;BYDAY=WE;COUNT=3',
      exdates: ['2030-10-23T14:00'], rdates: ['2030-11-01T14:00'],
    }));
    const replies = await run();
    expect(starts(await active(org.thames))).toEqual(['2030-10-16T13:00:00.000Z', '2030-10-30T14:00:00.000Z', '2030-11-01T14:00:00.000Z']);
    expect(replies.map((r) => r.partstat)).toEqual(['ACCEPTED']);
  });

  it('applies the overriding occurrences sent with the series (moved, or cancelled)', async () => {
    await fromStaff(weekly({
      overrides: [
        { recurrenceId: '2030-10-22T09:00', start: '2030-10-22T13:00', end: '2030-10-22T14:00' },
        { recurrenceId: '2030-10-29T09:00', start: '2030-10-29T09:00', end: '2030-10-29T10:00', status: 'CANCELLED' },
      ],
    }));
    await run();
    expect(starts(await active(org.thames))).toEqual(['2030-10-15T08:00:00.000Z', '2030-10-22T12:00:00.000Z', '2030-11-05T09:00:00.000Z']);
  });

  it('declines the whole series, naming the first occurrence that cannot be booked, and books nothing', async () => {
    await call(t, org.other, 'POST', '/api/bookings/room', { RoomId: org.thames, Description: 'Taken', Start: '2030-10-29T09:30:00Z', Finish: '2030-10-29T10:30:00Z' });
    await call(t, org.other, 'POST', '/api/bookings/room', { RoomId: org.thames, Description: 'Taken', Start: '2030-11-05T09:00:00Z', Finish: '2030-11-05T10:00:00Z' });
    await fromStaff(weekly());
    const replies = await run();
    expect(await rows(org.thames)).toHaveLength(2);
    expect(replies.map((r) => r.partstat)).toEqual(['DECLINED']);
    expect(replies[0]!.comment).toMatch(/^The room is already booked on .*29.*Nothing was booked/);
    expect(replies[0]!.comment).not.toMatch(/Nov|11\/05|5 Nov/);
  });

  it('declines a pattern Hotdesk cannot repeat (yearly) with the reason', async () => {
    await fromStaff(weekly({ rrule: 'FREQ=YEARLY;COUNT=2' }));
    const replies = await run();
    expect(await rows(org.thames)).toHaveLength(0);
    expect(replies[0]!.partstat).toBe('DECLINED');
    expect(replies[0]!.comment).toContain('daily, weekly or monthly');
  });

  it('books an endless series up to the series limit and says so', async () => {
    t.deps.config.seriesMaxOccurrences = 5;
    await fromStaff(weekly({ rrule: 'FREQ=WEEKLY;BYDAY=TU' }));
    const replies = await run();
    expect(await rows(org.thames)).toHaveLength(5);
    expect(replies[0]!.partstat).toBe('ACCEPTED');
    expect(replies[0]!.comment).toMatch(/^Booked 5 occurrences\. A repeating booking holds at most 5 occurrences: those after .* are not booked\.$/);
  });

  it('books within the room\'s booking window (advance limit) and says where it stopped', async () => {
    await t.pool.query('UPDATE global_settings SET room_constraint_number = 1, room_constraint_type = 2'); // one month ahead
    await fromStaff(weekly({ start: '2030-04-02T09:00', end: '2030-04-02T10:00', rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=10' }));
    const replies = await run();
    const booked = await rows(org.thames);
    expect(booked.length).toBeGreaterThanOrEqual(4);
    expect(booked.length).toBeLessThan(10);
    expect(booked.every((b) => b.starts_at.getTime() <= Date.parse('2030-05-02T00:00:00Z'))).toBe(true);
    expect(replies[0]!.comment).toMatch(/This room can be booked up to .*: occurrences after .* are not booked\./);
  });

  it('a restricted room answers TENTATIVE for the series, then ACCEPTED once when its approver approves the series', async () => {
    await fromStaff(weekly({ room: BOARDROOM }), { to: BOARDROOM });
    const first = await run();
    expect(first.map((r) => [r.partstat, r.comment])).toEqual([['TENTATIVE', REASONS.pending]]);
    const booked = await rows(org.boardroom);
    expect(booked.map((b) => b.status)).toEqual([0, 0, 0, 0]);
    const res = await call(t, org.approver, 'POST', `/api/approvals/series/${booked[0]!.series_id}`, { Decision: 'Approve' });
    expect(res.statusCode).toBe(200);
    const decided = await run();
    expect(decided.map((r) => [r.partstat, r.recurrenceId, r.attendee])).toEqual([['ACCEPTED', undefined, `mailto:${BOARDROOM}`]]);
    expect(await run()).toHaveLength(0);
  });
});

describe('a changed repeating invitation', () => {
  it('a newer REQUEST with new times replaces the series; one whose times are taken is declined and the earlier series kept', async () => {
    await fromStaff(weekly());
    await run();
    await fromStaff(weekly({ start: '2030-10-15T11:00', end: '2030-10-15T12:00', sequence: 1, dtstamp: '2030-04-01T06:10:00Z' }));
    const moved = await run();
    expect(moved.map((r) => [r.partstat, r.comment])).toEqual([['ACCEPTED', 'Booked 4 occurrences.']]);
    expect(starts(await active(org.thames))).toEqual(WEEKLY_STARTS.map((s) => s.replace(/T0(8|9)/, (_, h: string) => `T1${Number(h) - 8}`)));

    await call(t, org.other, 'POST', '/api/bookings/room', { RoomId: org.thames, Description: 'Taken', Start: '2030-10-22T13:00:00Z', Finish: '2030-10-22T14:00:00Z' });
    await fromStaff(weekly({ start: '2030-10-15T14:00', end: '2030-10-15T15:00', sequence: 2, dtstamp: '2030-04-01T06:20:00Z' }));
    const refused = await run();
    expect(refused.map((r) => r.partstat)).toEqual(['DECLINED']);
    expect(refused[0]!.comment).toContain(REASONS.keptSeries);
    expect((await active(org.thames)).filter((b) => b.series_id !== null).map((b) => b.starts_at.toISOString().slice(11, 13))).toEqual(['10', '10', '11', '11']);
  });

  it('RECURRENCE-ID moves or cancels one occurrence, a CANCEL the rest; the organizer\'s own changes are not answered again', async () => {
    await fromStaff(weekly());
    await run();
    await fromStaff(weekly({ rrule: undefined, recurrenceId: '2030-10-22T09:00', start: '2030-10-22T15:00', end: '2030-10-22T16:00', sequence: 1 }));
    const moved = await run();
    expect(moved.map((r) => [r.partstat, r.comment, r.recurrenceId])).toEqual([['ACCEPTED', REASONS.moved, '2030-10-22T08:00:00.000Z']]);
    expect(starts(await active(org.thames))).toEqual([WEEKLY_STARTS[0], '2030-10-22T14:00:00.000Z', WEEKLY_STARTS[2], WEEKLY_STARTS[3]]);

    await fromStaff(weekly({ method: 'CANCEL', rrule: undefined, recurrenceId: '2030-10-29T09:00', start: '2030-10-29T09:00', end: '2030-10-29T10:00', sequence: 1 }), { method: 'CANCEL' });
    expect(await run()).toHaveLength(0);
    expect(starts(await active(org.thames))).toEqual([WEEKLY_STARTS[0], '2030-10-22T14:00:00.000Z', WEEKLY_STARTS[3]]);

    await fromStaff(weekly({ method: 'CANCEL', sequence: 2 }), { method: 'CANCEL' });
    expect(await run()).toHaveLength(0);
    expect(await active(org.thames)).toHaveLength(0);
    expect(await run()).toHaveLength(0);
  });
});

describe('the room answers again when the booking changes in Hotdesk', () => {
  const single = (o: Partial<InviteSpec> = {}) => invite({
    uid: 'single@hq.example', organizer: 'staff@hq.example', room: THAMES, start: '2030-04-02T09:00', end: '2030-04-02T10:00', tzid: 'Europe/London', ...o,
  });

  it('cancelled on My Bookings, or by an admin with a reason: DECLINED with why, once', async () => {
    await fromStaff(single());
    await fromStaff(single({ uid: 'second@hq.example', start: '2030-04-03T09:00', end: '2030-04-03T10:00' }));
    await run();
    const [one, two] = await rows(org.thames);
    expect((await cancelOnScreen(org.staff, { Id: Number(one!.id) })).statusCode).toBe(200);
    expect((await cancelOnScreen(org.admin, { Id: Number(two!.id), CancellationReason: 'Fire drill', CancelledByAdmin: true })).statusCode).toBe(200);
    const replies = await run();
    expect(replies.map((r) => [r.uid, r.partstat])).toEqual([['second@hq.example', 'DECLINED'], ['single@hq.example', 'DECLINED']]);
    expect(replies[0]!.comment).toBe('Cancelled in Hotdesk by an admin: Fire drill. The room is no longer booked for this meeting.');
    expect(replies[1]!.comment).toBe('Cancelled in Hotdesk. The room is no longer booked for this meeting.');
    expect(replies.every((r) => r.to.join() === 'staff@hq.example' && r.attendee === `mailto:${THAMES}`)).toBe(true);
    expect(await run()).toHaveLength(0);
  });

  it('times changed on the screen: DECLINED saying where the booking went', async () => {
    await fromStaff(single());
    await run();
    const [b] = await rows(org.thames);
    const res = await call(t, org.staff, 'POST', `/api/bookings/${b!.id}`, { Start: '2030-04-02T12:00:00Z', Finish: '2030-04-02T13:00:00Z' });
    expect(res.statusCode).toBe(200);
    const replies = await run();
    expect(replies.map((r) => r.partstat)).toEqual(['DECLINED']);
    expect(replies[0]!.comment).toMatch(/^Moved in Hotdesk to .*13:00.*: the room is no longer booked at this meeting's time\.$/);
  });

  it('a series: one occurrence cancelled is answered with its RECURRENCE-ID, the rest cancelled at once with one answer', async () => {
    await fromStaff(weekly());
    await run();
    const booked = await rows(org.thames);
    expect((await cancelOnScreen(org.staff, { Id: Number(booked[1]!.id) })).statusCode).toBe(200);
    const one = await run();
    expect(one.map((r) => [r.partstat, r.recurrenceId])).toEqual([['DECLINED', WEEKLY_STARTS[1]]]);
    const res = await call(t, org.admin, 'POST', `/api/bookings/series/${booked[0]!.series_id}/cancel`, { Reason: 'Room refurbished' });
    expect(res.statusCode).toBe(200);
    const rest = await run();
    expect(rest.map((r) => [r.partstat, r.recurrenceId])).toEqual([['DECLINED', undefined]]);
    expect(rest[0]!.comment).toContain('Room refurbished');
  });

  const CLOSURE = { SiteId: 0, Scope: { WholeSite: false, RoomIds: [0] }, Start: '2030-04-01T23:00:00Z', End: '2030-04-08T23:00:00Z', Reason: 'Closed for cleaning' };
  beforeAll(() => { Object.assign(CLOSURE, { SiteId: org.siteId, Scope: { WholeSite: false, RoomIds: [org.thames] } }); });

  it('a series whose times are changed on the screen: one DECLINED for the whole series, saying where it went', async () => {
    await fromStaff(weekly());
    await run();
    const [first] = await rows(org.thames);
    const res = await call(t, org.staff, 'POST', `/api/bookings/series/${first!.series_id}/change`, { From: '2030-10-15', StartTime: '13:00', FinishTime: '14:00' });
    expect(res.statusCode).toBe(200);
    const replies = await run();
    expect(replies.map((r) => [r.partstat, r.recurrenceId])).toEqual([['DECLINED', undefined]]);
    expect(replies[0]!.comment).toMatch(/^Moved in Hotdesk to other times, from .*13:00.*: the room is no longer booked at this meeting's time\.$/);
  });

  it('closed by a closure, answered once each when several instances run the follow-up at the same moment', async () => {
    for (let i = 0; i < 6; i++) await fromStaff(single({ uid: `s${i}@hq.example`, start: `2030-04-0${2 + i}T09:00`, end: `2030-04-0${2 + i}T10:00` }));
    await run();
    const preview = (await call(t, org.admin, 'POST', '/api/closures/preview', CLOSURE)).json();
    expect((await call(t, org.admin, 'POST', '/api/closures', { ...CLOSURE, Token: preview.Token })).json()).toMatchObject({ CancelledCount: 6 });
    const before = smtp.received.length;
    const pools = [createPool(t.pool.options.connectionString!, 4), createPool(t.pool.options.connectionString!, 4)];
    try {
      const counts = await Promise.all([t.deps, ...pools.map((pool) => ({ ...t.deps, pool }))].map((deps) => answerScreenChanges(deps)));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(6);
    } finally { await Promise.all(pools.map((p) => p.end())); }
    const replies = await processAndCollect(t.deps, smtp, log, before);
    expect(replies).toHaveLength(6);
    expect(new Set(replies.map((r) => r.uid)).size).toBe(6);
    expect(replies.every((r) => r.partstat === 'DECLINED' && r.comment.startsWith('Cancelled in Hotdesk by an admin: Closed for cleaning.'))).toBe(true);
  });

  it('released by the no-show job: DECLINED saying nobody checked in', async () => {
    await t.pool.query('UPDATE sites SET room_check_ins = true WHERE id = $1', [org.siteId]);
    await fromStaff(single({ start: '2030-04-01T09:00', end: '2030-04-01T11:00' }));
    await run();
    t.setNow(new Date('2030-04-01T08:30:00Z')); // 09:30 in London: half an hour without a check-in
    expect(await releaseNoShows(t.deps)).toHaveLength(1);
    const replies = await run();
    expect(replies.map((r) => [r.partstat, r.comment])).toEqual([['DECLINED', 'Released because nobody checked in. The room is no longer booked for this meeting.']]);
  });
});
