import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestUser } from '../../testing/testApp.js';
import { awayFromMinuteEnd } from '../../testing/minuteWindow.js';
import { bookVia, call, createOrg, london, NOW, resetBookings, type Org } from '../roomBooking/roomBookingTestKit.js';
import { INVITATION_SETTING_WRITES_PER_MINUTE } from '../profile/invitationSetting.service.js';
import { sendDueMail } from './mailOutbox.job.js';
import { seriesInvitation } from './seriesInvitation.js';
import { calendarPart, expandStarts, parseCalendar, startSmtp, type Received } from './invitationTestKit.js';

/**
 * Issue 23: every booking mail carries an iTIP object that updates ONE calendar event in place, sent
 * through the real mail job to a real SMTP server on loopback and read back with ical.js.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>;
let o: Org;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const MAIL_FROM = 'Hotdesk <hotdesk@hq.example>';

beforeAll(async () => {
  t = await buildTestApp({ now: NOW, env: { MAIL_FROM } });
  o = await createOrg(t);
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
  await t.dropDatabase();
});
beforeEach(async () => {
  t.setNow(NOW);
  await resetBookings(t);
  await t.pool.query('DELETE FROM booking_series');
  await t.pool.query('DELETE FROM read_limits');
  await t.pool.query('UPDATE users SET calendar_invitations = true');
  smtp.received.length = 0;
});

/** Sends what is queued and answers what arrived (and clears it). */
async function deliver(): Promise<Received[]> {
  await sendDueMail({ pool: t.pool, config: { smtpUrl: smtp.url, mailFrom: MAIL_FROM }, now: () => NOW, log: { info: () => undefined, warn: () => undefined } });
  return smtp.received.splice(0);
}
const to = (mails: Received[], who: string) => mails.filter((m) => m.to.includes(who));
/** The one invitation of the one mail to `who`. */
function invitationTo(mails: Received[], who: string) {
  const mine = to(mails, who);
  expect(mine).toHaveLength(1);
  const part = calendarPart(mine[0]!.raw);
  expect(part.body).not.toBe('');
  return { ...parseCalendar(part.body), contentType: part.contentType };
}
const setInvitations = (who: TestUser, Enabled: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/users/me/calendarInvitations', headers: { cookie: who.cookie }, payload: { Enabled } });

describe('invitations in booking mail', () => {
  it('request -> approve -> change -> cancel: one UID, SEQUENCE rising, REQUEST then CANCEL, tentative while waiting', async () => {
    const booking = await bookVia(t, o.staff, { RoomId: o.boardroom, Description: 'Board, Q2; budget', OnBehalfOfEmail: 'guest@example.org' });
    // The request itself goes to the approvers, with no invitation (they do not attend).
    expect((await deliver()).every((m) => calendarPart(m.raw).body === '')).toBe(true);

    expect((await call(t, o.approver, 'POST', `/api/bookings/approve/${booking.Id}`)).statusCode).toBe(200);
    const approved = invitationTo(await deliver(), 'staff@hq.example');
    expect(approved.contentType).toMatch(/method=REQUEST/i);
    expect(approved.method).toBe('REQUEST');
    const [ev] = approved.events;
    expect(approved.events).toHaveLength(1);
    expect(ev).toMatchObject({
      uid: `hotdesk-booking-${booking.Id}`, status: 'CONFIRMED', summary: 'Board, Q2; budget', location: 'Boardroom, Floor 2, London HQ',
      organizer: 'mailto:hotdesk@hq.example', organizerCn: 'Hotdesk', startTzid: 'Europe/London',
      start: new Date(london(2, '09:00')), finish: new Date(london(2, '10:00')),
    });
    expect(ev!.attendees).toEqual([
      { value: 'mailto:staff@hq.example', partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' },
      { value: 'mailto:guest@example.org', partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' },
    ]);
    expect(approved.root.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid'))).toEqual(['Europe/London']);

    // The booker moves it: a restricted room waits for approval again, so the update is TENTATIVE.
    const moved = await call(t, o.staff, 'POST', `/api/bookings/${booking.Id}`, { Start: london(3, '14:00'), Finish: london(3, '15:30') });
    expect(moved.statusCode).toBe(200);
    const changed = invitationTo(await deliver(), 'staff@hq.example');
    expect(changed.method).toBe('REQUEST');
    expect(changed.events[0]).toMatchObject({ uid: ev!.uid, status: 'TENTATIVE', start: new Date(london(3, '14:00')), finish: new Date(london(3, '15:30')) });
    expect(changed.events[0]!.sequence).toBeGreaterThan(ev!.sequence);

    // Cancelled by the person themselves: a short mail whose CANCEL removes the event.
    const cancel = await t.app.inject({ method: 'DELETE', url: '/api/bookings', headers: { cookie: o.staff.cookie }, payload: { Id: booking.Id } });
    expect(cancel.statusCode).toBe(200);
    const mails = await deliver();
    const cancelled = invitationTo(mails, 'staff@hq.example');
    expect(cancelled.contentType).toMatch(/method=CANCEL/i);
    expect(cancelled.method).toBe('CANCEL');
    expect(cancelled.events[0]).toMatchObject({ uid: ev!.uid, status: 'CANCELLED' });
    expect(cancelled.events[0]!.sequence).toBeGreaterThan(changed.events[0]!.sequence);
    expect(invitationTo(mails, 'guest@example.org').events[0]!.uid).toBe(ev!.uid);
  });

  it('a rejection and an admin cancellation carry a CANCEL; SEQUENCE fits 31 bits', async () => {
    const request = await bookVia(t, o.staff, { RoomId: o.boardroom });
    await deliver();
    await call(t, o.approver, 'POST', `/api/bookings/reject/${request.Id}`, { CancellationReason: 'Board meets' });
    const rejected = invitationTo(await deliver(), 'staff@hq.example');
    expect(rejected.method).toBe('CANCEL');
    expect(rejected.events[0]).toMatchObject({ uid: `hotdesk-booking-${request.Id}`, status: 'CANCELLED' });

    const booked = await bookVia(t, o.staff, { RoomId: o.thames, Start: london(4, '09:00'), Finish: london(4, '10:00') });
    const first = invitationTo(await deliver(), 'staff@hq.example').events[0]!;
    const res = await t.app.inject({ method: 'DELETE', url: '/api/bookings', headers: { cookie: o.admin.cookie }, payload: { Id: booked.Id, CancellationReason: 'Fire drill' } });
    expect(res.statusCode).toBe(200);
    const byAdmin = invitationTo(await deliver(), 'staff@hq.example');
    expect(byAdmin.method).toBe('CANCEL');
    expect(byAdmin.events[0]!.uid).toBe(first.uid);
    expect(byAdmin.events[0]!.sequence).toBeGreaterThan(first.sequence);
    expect(byAdmin.events[0]!.sequence).toBeLessThan(2 ** 31);
  });

  it('the personal feed and the download carry the UID and SEQUENCE of the mailed invitation (no duplicates)', async () => {
    const booking = await bookVia(t, o.staff, { RoomId: o.thames });
    const mailed = invitationTo(await deliver(), 'staff@hq.example').events[0]!;
    const feed = await t.app.inject({ method: 'POST', url: '/api/bookings/my/calendarFeed', headers: { cookie: o.staff.cookie } });
    const feedIcs = (await t.app.inject({ method: 'GET', url: new URL(feed.json().Url).pathname })).body;
    const inFeed = parseCalendar(feedIcs);
    expect(inFeed.method).toBe('PUBLISH');
    expect(inFeed.events.map((e) => [e.uid, e.sequence, e.start.toISOString()])).toEqual([[mailed.uid, mailed.sequence, mailed.start.toISOString()]]);
    const file = parseCalendar((await call(t, o.staff, 'GET', `/api/bookings/my/${booking.Id}.ics`)).body);
    expect(file.events.map((e) => [e.uid, e.sequence])).toEqual([[mailed.uid, mailed.sequence]]);
  });

  it('turned off in the profile: mails carry no calendar object (the text still goes); on again: they do', async () => {
    expect((await call(t, o.staff, 'GET', '/api/users/me/calendarInvitations')).json()).toEqual({ Enabled: true });
    expect((await setInvitations(o.staff, false)).json()).toEqual({ Enabled: false });
    expect((await call(t, o.staff, 'GET', '/api/users/me/calendarInvitations')).json()).toEqual({ Enabled: false });
    await bookVia(t, o.staff, { RoomId: o.thames, OnBehalfOfEmail: 'guest@example.org' });
    const mails = await deliver();
    expect(to(mails, 'staff@hq.example')).toHaveLength(1);
    expect(calendarPart(to(mails, 'staff@hq.example')[0]!.raw).body).toBe('');
    expect(to(mails, 'staff@hq.example')[0]!.raw).not.toMatch(/text\/calendar/i);
    // The person booked for keeps theirs: the setting is each person's own.
    expect(invitationTo(mails, 'guest@example.org').method).toBe('REQUEST');

    // Off, a self-cancellation sends no mail at all (it would only have carried the CANCEL).
    const other = await bookVia(t, o.staff, { RoomId: o.severn });
    await deliver();
    await t.app.inject({ method: 'DELETE', url: '/api/bookings', headers: { cookie: o.staff.cookie }, payload: { Id: other.Id } });
    expect(await deliver()).toEqual([]);

    await setInvitations(o.staff, true);
    await bookVia(t, o.staff, { RoomId: o.thames, Start: london(5, '09:00'), Finish: london(5, '10:00') });
    expect(invitationTo(await deliver(), 'staff@hq.example').method).toBe('REQUEST');
  });

  it('the setting: only signed-in people, only their own, a boolean, and not too often', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/calendarInvitations' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/users/me/calendarInvitations', payload: { Enabled: false } })).statusCode).toBe(401);
    const bad = await setInvitations(o.staff, 'no');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Enabled');
    expect((await t.app.inject({ method: 'PUT', url: '/api/users/me/calendarInvitations', headers: { cookie: o.staff.cookie }, payload: { Enabled: false, UserId: o.other.id } })).statusCode).toBe(400);
    expect((await call(t, o.other, 'GET', '/api/users/me/calendarInvitations')).json()).toEqual({ Enabled: true });
    await awayFromMinuteEnd(t.pool);
    for (let i = 0; i < INVITATION_SETTING_WRITES_PER_MINUTE; i++) expect((await setInvitations(o.staff, i % 2 === 0)).statusCode).toBe(200);
    expect((await setInvitations(o.staff, true)).statusCode).toBe(429);
  });
});

describe('a repeating booking travels as ONE event', () => {
  it('RRULE and EXDATE expand (ical.js) to exactly the booked occurrences across the October change, at 09:00 London time; cancelling one updates it in place', async () => {
    t.setNow(new Date('2030-10-14T08:00:00Z'));
    const res = await call(t, o.staff, 'POST', '/api/bookings/room/series', {
      RoomId: o.thames, Start: '2030-10-21T09:00:00+01:00', Finish: '2030-10-21T10:00:00+01:00', Description: 'Weekly sync',
      Recurrence: { Frequency: 'Weekly', ByDay: ['MO'], Count: 4 }, Dates: ['2030-10-21', '2030-10-28', '2030-11-11'],
    });
    expect(res.statusCode).toBe(201);
    const { SeriesId, Booked } = res.json() as { SeriesId: string; Booked: { Id: number; Start: string }[] };
    const before = parseCalendar((await seriesInvitation(t.pool, { mailFrom: MAIL_FROM }, SeriesId))!);
    expect(before.method).toBe('REQUEST');
    expect(before.events).toHaveLength(1);
    const uid = `hotdesk-series-${SeriesId}`;
    expect(before.events[0]).toMatchObject({ uid, startTzid: 'Europe/London', status: 'CONFIRMED' });
    expect(before.events[0]!.rrule).toContain('FREQ=WEEKLY');
    // 4 November was skipped when booking: an EXDATE. 21 Oct is BST (08:00 UTC), 28 Oct and 11 Nov GMT (09:00 UTC).
    expect(expandStarts(before, uid).map((d) => d.toISOString())).toEqual(['2030-10-21T08:00:00.000Z', '2030-10-28T09:00:00.000Z', '2030-11-11T09:00:00.000Z']);
    expect(expandStarts(before, uid).map((d) => d.toISOString())).toEqual(Booked.map((b) => new Date(b.Start).toISOString()));

    // The person cancels the 28 October occurrence: the mail updates the same event (REQUEST, same UID,
    // higher SEQUENCE, one more EXDATE), it does not cancel the series.
    await t.pool.query('DELETE FROM mail_outbox');
    const cancel = await t.app.inject({ method: 'DELETE', url: '/api/bookings', headers: { cookie: o.staff.cookie }, payload: { Id: Booked[1]!.Id } });
    expect(cancel.statusCode).toBe(200);
    const after = invitationTo(await deliver(), 'staff@hq.example');
    expect(after.method).toBe('REQUEST');
    expect(after.events[0]!.uid).toBe(uid);
    expect(after.events[0]!.sequence).toBeGreaterThan(before.events[0]!.sequence);
    expect(expandStarts(after, uid).map((d) => d.toISOString())).toEqual(['2030-10-21T08:00:00.000Z', '2030-11-11T09:00:00.000Z']);

    // The feed shows the series once, with the same UID and SEQUENCE.
    const feed = await t.app.inject({ method: 'POST', url: '/api/bookings/my/calendarFeed', headers: { cookie: o.staff.cookie } });
    const inFeed = parseCalendar((await t.app.inject({ method: 'GET', url: new URL(feed.json().Url).pathname })).body);
    expect(inFeed.events.map((e) => [e.uid, e.sequence])).toEqual([[uid, after.events[0]!.sequence]]);
    // Every occurrence cancelled: the series' object is a CANCEL.
    for (const b of [Booked[0]!, Booked[2]!]) {
      await t.app.inject({ method: 'DELETE', url: '/api/bookings', headers: { cookie: o.staff.cookie }, payload: { Id: b.Id } });
    }
    const ended = parseCalendar((await seriesInvitation(t.pool, { mailFrom: MAIL_FROM }, SeriesId))!);
    expect(ended.method).toBe('CANCEL');
    expect(ended.events[0]).toMatchObject({ uid, status: 'CANCELLED' });
  });
});
