import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser } from '../../testing/testApp.js';
import { bookVia, call, createOrg, london, mailRows, NOW, resetBookings, type Org } from './roomBookingTestKit.js';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let o: Org;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  o = await createOrg(t);
});
afterAll(() => t.dropDatabase());
beforeEach(async () => {
  t.setNow(NOW);
  await resetBookings(t);
});

const book = (who = o.staff, body: Record<string, unknown> = {}) =>
  call(t, who, 'POST', '/api/bookings/room', { RoomId: o.thames, Start: london(2, '09:00'), Finish: london(2, '10:00'), Description: 'Team sync', ...body });

const availability = (who = o.staff, body: Record<string, unknown> = {}) =>
  call(t, who, 'POST', '/api/rooms/availability', { fromDate: london(2, '09:00'), toDate: london(2, '17:00'), roomType: 0, siteId: o.siteId, ...body });
const names = (res: { json: () => { Name: string }[] }) => res.json().map((r) => r.Name);

describe('POST /api/bookings/room', () => {
  it('books an unrestricted room directly (Approved) with SPEC field names; the caller is the booker', async () => {
    const res = await book(o.staff, { BookedByUserId: o.admin.id, Id: 99, OnBehalfOfEmail: ' Guest@Example.org ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      RoomId: o.thames, RoomName: 'Thames', RoomType: 0, SiteId: o.siteId, SiteName: 'London HQ', LocationId: o.floor1, DeskId: null,
      Start: london(2, '09:00'), Finish: london(2, '10:00'), Description: 'Team sync', OnBehalfOfEmail: 'Guest@Example.org',
      BookedByUserId: o.staff.id, BookedByUserName: 'Sofia Staff', Status: 1,
    });
    const row = (await t.pool.query('SELECT holder_key FROM bookings')).rows[0];
    expect(row.holder_key).toBe('guest@example.org');
  });

  it('mails the booker and the on-behalf person an .ics; approvers are not told', async () => {
    await book(o.staff, { OnBehalfOfEmail: 'guest@example.org' });
    const mails = await mailRows(t);
    expect(mails.map((m) => m.to).sort()).toEqual(['guest@example.org', 'staff@hq.example']);
    for (const m of mails) {
      expect(m.subject).toBe('Room booked: Thames, Tue, 2 Apr 2030, 09:00–10:00');
      expect(m.body_text).toContain('Room: Thames (Floor 1, London HQ)');
      // The site's clock with its VTIMEZONE (issue 23).
      expect(m.ics).toContain('DTSTART;TZID=Europe/London:20300402T090000');
      expect(m.ics).toContain('DTEND;TZID=Europe/London:20300402T100000');
      expect(m.ics).toContain('SUMMARY:Team sync');
    }
    const push = (await t.pool.query('SELECT user_id FROM push_outbox')).rows;
    expect(push).toEqual([{ user_id: o.staff.id }]);
  });

  it('a booking for oneself is saved with its mail and push in one statement; the .ics names the booking as later notices do', async () => {
    const res = await book(o.staff, { OnBehalfOfEmail: 'STAFF@hq.example' });
    expect(res.statusCode).toBe(201);
    const mails = await mailRows(t);
    expect(mails.map((m) => m.to)).toEqual(['staff@hq.example']);
    expect(mails[0]!.subject).toBe('Room booked: Thames, Tue, 2 Apr 2030, 09:00–10:00');
    expect(mails[0]!.body_text).toBe([
      'Your room is booked.', '', 'Room: Thames (Floor 1, London HQ)', 'When: Tue, 2 Apr 2030, 09:00–10:00 (Europe/London)',
      'Meeting: Team sync', 'Booked by: Sofia Staff <staff@hq.example>', 'On behalf of: STAFF@hq.example', '', 'Your bookings: /menu/mybookings',
    ].join('\n'));
    expect(mails[0]!.ics).toContain(`UID:hotdesk-booking-${res.json().Id}`);
    expect((await t.pool.query('SELECT user_id, title, url FROM push_outbox')).rows)
      .toEqual([{ user_id: o.staff.id, title: 'Room booked: Thames, Tue, 2 Apr 2030, 09:00–10:00', url: '/menu/mybookings' }]);
    // The calendar entry's sequence never runs ahead of the one a later change of the booking sends.
    const seq = Number(/SEQUENCE:(\d+)/.exec(mails[0]!.ics!)![1]);
    const stored = (await t.pool.query('SELECT ics_sequence FROM bookings')).rows[0].ics_sequence as number;
    expect(seq).toBe(stored); // bookings.ics_sequence, raised by every later change (migration 0023)
  });

  it('a request with nobody to tell (no approvers, no NotificationEmail) is saved and queues nothing', async () => {
    const annex = (await t.pool.query<{ id: number }>(
      "INSERT INTO rooms (location_id, name, room_type, capacity, restrict_room_access) VALUES ($1, 'Annex', 0, 4, true) RETURNING id", [o.secretLocation])).rows[0]!.id;
    try {
      const res = await book(o.siteListed, { RoomId: annex });
      expect(res.statusCode).toBe(201);
      expect(res.json().Status).toBe(0);
      expect(await mailRows(t)).toEqual([]);
      expect((await t.pool.query('SELECT count(*)::int AS n FROM push_outbox')).rows[0].n).toBe(0);
      // Listing an approver is seen by the very next request, which tells them.
      await t.pool.query('INSERT INTO access_grants (scope, scope_id, access_type, user_id) VALUES ($1, $2, 1, $3)', ['room', annex, o.approver.id]);
      expect((await book(o.siteListed, { RoomId: annex, Start: london(3, '09:00'), Finish: london(3, '10:00') })).json().Status).toBe(0);
      expect((await mailRows(t)).map((m) => m.to)).toEqual(['approver@hq.example']);
    } finally {
      await t.pool.query('DELETE FROM bookings WHERE room_id = $1', [annex]);
      await t.pool.query("DELETE FROM access_grants WHERE scope = 'room' AND scope_id = $1", [annex]);
      await t.pool.query('UPDATE rooms SET deleted_at = now() WHERE id = $1', [annex]);
    }
  });

  it('sees changes to access lists and teams at once (cached rules keyed by the configuration and caller versions)', async () => {
    expect((await bookVia(t, o.other, { RoomId: o.boardroom })).Status).toBe(0);
    await t.pool.query('INSERT INTO team_members VALUES ($1, $2)', [o.teamId, o.other.id]);
    try {
      expect((await bookVia(t, o.other, { RoomId: o.boardroom, Start: london(3, '09:00'), Finish: london(3, '10:00') })).Status).toBe(1);
    } finally {
      await t.pool.query('DELETE FROM team_members WHERE team_id = $1 AND user_id = $2', [o.teamId, o.other.id]);
    }
    expect((await bookVia(t, o.other, { RoomId: o.boardroom, Start: london(4, '09:00'), Finish: london(4, '10:00') })).Status).toBe(0);
    await t.pool.query("UPDATE locations SET restrict_room_access = true WHERE id = $1", [o.floor1]);
    try {
      expect((await book(o.other)).statusCode).toBe(403);
    } finally {
      await t.pool.query("UPDATE locations SET restrict_room_access = false WHERE id = $1", [o.floor1]);
    }
    expect((await book(o.other)).statusCode).toBe(201);
  });

  it("requires a description: 'Please provide a meeting name or reason for booking.'", async () => {
    for (const Description of ['', '   ', null, undefined]) {
      const res = await book(o.staff, { Description });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ Error: 'Please provide a meeting name or reason for booking.', Errors: { Description: 'Please provide a meeting name or reason for booking.' } });
    }
  });

  it("refuses an invalid On Behalf Of e-mail: 'Please enter a valid email'", async () => {
    for (const OnBehalfOfEmail of ['not-an-email', 'a@b', 'x@localhost']) {
      const res = await book(o.staff, { OnBehalfOfEmail });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ Error: 'Please enter a valid email', Errors: { OnBehalfOfEmail: 'Please enter a valid email' } });
    }
    expect((await book(o.staff, { OnBehalfOfEmail: '' })).statusCode).toBe(201);
  });

  describe('on behalf of (issue 18: not a relay for mail to any address)', () => {
    const refusal = 'You can only book on behalf of people known to Hotdesk (people who have signed in or been registered).';
    it('refuses an address of nobody known to Hotdesk with 400 naming the rule, saving and mailing nothing', async () => {
      for (const OnBehalfOfEmail of ['victim@elsewhere.example', 'GUEST@example.org.evil.example']) {
        const res = await book(o.staff, { OnBehalfOfEmail, Description: 'Your account is locked: http://evil.example' });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ Error: refusal, Code: 'BAD_INPUT', Errors: { OnBehalfOfEmail: refusal } });
      }
      // an admin is held to the same rule
      expect((await book(o.admin, { OnBehalfOfEmail: 'victim@elsewhere.example' })).statusCode).toBe(400);
      expect((await t.pool.query('SELECT count(*)::int AS n FROM bookings')).rows[0].n).toBe(0);
      expect(await mailRows(t)).toEqual([]);
    });
    it('allows anyone signed in to book on behalf of a person known to Hotdesk (e-mail in any case)', async () => {
      expect((await book(o.staff, { OnBehalfOfEmail: 'OTHER@HQ.example' })).statusCode).toBe(201);
    });
    it('allows addresses in ON_BEHALF_DOMAINS (exactly those domains), and says so when refusing', async () => {
      const t2 = await buildTestApp({ pool: t.pool, now: NOW, env: { ON_BEHALF_DOMAINS: 'partner.example, Agency.example' } });
      try {
        const via2 = (body: Record<string, unknown>) => call(t2, o.staff, 'POST', '/api/bookings/room', {
          RoomId: o.thames, Start: london(2, '09:00'), Finish: london(2, '10:00'), Description: 'Team sync', ...body });
        expect((await via2({ OnBehalfOfEmail: 'Pat@Partner.example' })).statusCode).toBe(201);
        expect((await via2({ OnBehalfOfEmail: 'sam@agency.example', Start: london(3, '09:00'), Finish: london(3, '10:00') })).statusCode).toBe(201);
        const sub = await via2({ OnBehalfOfEmail: 'pat@mail.partner.example', Start: london(4, '09:00'), Finish: london(4, '10:00') });
        expect(sub.statusCode).toBe(400);
        expect(sub.json().Error).toBe('You can only book on behalf of people known to Hotdesk or with an address at partner.example, agency.example.');
      } finally {
        await t2.close();
      }
    });
  });

  it('matches body keys case-insensitively', async () => {
    const res = await call(t, o.staff, 'POST', '/api/bookings/room', { roomId: o.thames, start: london(2, '11:00'), finish: london(2, '12:00'), description: 'lower' });
    expect(res.statusCode).toBe(201);
  });

  it("refuses a clash with 409 'This slot clashes with another booking'; back-to-back is fine", async () => {
    expect((await book()).statusCode).toBe(201);
    const clash = await book(o.other, { Start: london(2, '09:30'), Finish: london(2, '10:30') });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().Error).toBe('This slot clashes with another booking');
    expect((await book(o.other, { Start: london(2, '10:00'), Finish: london(2, '11:00') })).statusCode).toBe(201);
    expect((await book(o.other, { Start: london(2, '08:00'), Finish: london(2, '09:00') })).statusCode).toBe(201);
  });

  it("refuses a start in the past ('Cannot book a date in the past'), with 15 minutes' grace", async () => {
    t.setNow(new Date(london(2, '12:00')));
    const past = await book(o.staff, { Start: london(1, '09:00'), Finish: london(1, '10:00') });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ Error: 'Cannot book a date in the past', Errors: { Start: 'Cannot book a date in the past' } });
    const justOutside = await book(o.staff, { Start: new Date(new Date(london(2, '11:45')).getTime() - 1).toISOString(), Finish: london(2, '13:00') });
    expect(justOutside.statusCode).toBe(400);
    expect((await book(o.staff, { Start: london(2, '11:45'), Finish: london(2, '13:00') })).statusCode).toBe(201);
  });

  it('refuses an end not after the start, and a booking longer than a week', async () => {
    const same = await book(o.staff, { Start: london(2, '09:00'), Finish: london(2, '09:00') });
    expect(same.statusCode).toBe(400);
    expect(same.json().Errors).toEqual({ Finish: 'The end must be after the start.' });
    const long = await book(o.staff, { Start: london(2, '09:00'), Finish: london(10, '09:00') });
    expect(long.statusCode).toBe(400);
    expect(long.json().Error).toBe('A room booking can last at most 7 days.');
  });

  it("applies the advance limit: 'Bookings to this room are restricted. You may only book slots before: {date}'", async () => {
    // Global room constraint: 1 week from Monday 1 April, so the last bookable day is Monday 8 April.
    await t.pool.query('UPDATE global_settings SET room_constraint_number = 1, room_constraint_type = 1');
    expect((await book(o.staff, { Start: london(8, '18:00'), Finish: london(8, '19:00') })).statusCode).toBe(201);
    const beyond = await book(o.staff, { Start: london(9, '09:00'), Finish: london(9, '10:00') });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().Error).toBe('Bookings to this room are restricted. You may only book slots before: 09/04/2030');
    // The room's own constraint wins over the global one.
    await t.pool.query('INSERT INTO booking_constraints (room_id, number, resource_type, type) VALUES ($1, 1, 1, 2)', [o.thames]);
    expect((await book(o.staff, { Start: london(9, '09:00'), Finish: london(9, '10:00') })).statusCode).toBe(201);
  });

  it('refuses when room booking is off globally, at the site, or in maintenance mode (403)', async () => {
    await t.pool.query('UPDATE global_settings SET room_booking_enabled = false');
    expect((await book()).json()).toMatchObject({ Code: 'FORBIDDEN', Error: 'Room booking is turned off.' });
    await t.pool.query('UPDATE global_settings SET room_booking_enabled = true, maintenance_mode = true');
    const m = await book();
    expect(m.statusCode).toBe(403);
    expect(m.json().Error).toBe('Room booking is not available while the system is in maintenance mode.');
    await t.pool.query('UPDATE global_settings SET maintenance_mode = false');
    await t.pool.query('UPDATE sites SET room_booking_enabled = false WHERE id = $1', [o.siteId]);
    expect((await book()).json().Error).toBe('Room booking is turned off at this site.');
    expect(await mailRows(t)).toEqual([]);
  });

  it('refuses hidden and disabled rooms, unknown rooms (404), and rooms at a restricted site for people not listed', async () => {
    expect((await book(o.staff, { RoomId: o.hidden })).json().Error).toBe('This room is not available for booking.');
    expect((await book(o.staff, { RoomId: o.disabled })).statusCode).toBe(403);
    expect((await book(o.staff, { RoomId: 999999 })).statusCode).toBe(404);
    const secret = await book(o.staff, { RoomId: o.vault });
    expect(secret.statusCode).toBe(403);
    expect(secret.json().Error).toBe('Room booking at this location is restricted to named people and teams.');
    expect((await book(o.siteListed, { RoomId: o.vault })).statusCode).toBe(201);
    expect((await book(o.admin, { RoomId: o.vault, Start: london(3, '09:00'), Finish: london(3, '10:00') })).statusCode).toBe(201);
  });

  it('needs a signed-in caller (401) and a valid body (400)', async () => {
    expect((await call(t, undefined, 'POST', '/api/bookings/room', { RoomId: o.thames })).statusCode).toBe(401);
    const bad = await call(t, o.staff, 'POST', '/api/bookings/room', { RoomId: o.thames, Start: '2030-04-02 09:00', Finish: london(2, '10:00'), Description: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors).toHaveProperty('Start');
  });

  describe('restricted rooms', () => {
    it('a booking by staff becomes a request (Pending); the site NotificationEmail and every approver are told', async () => {
      const res = await book(o.staff, { RoomId: o.boardroom, OnBehalfOfEmail: 'guest@example.org' });
      expect(res.statusCode).toBe(201);
      expect(res.json().Status).toBe(0);
      const mails = await mailRows(t);
      expect(mails.map((m) => m.to).sort()).toEqual(['approver@hq.example', 'facilities@hq.example', 'rooms@hq.example']);
      for (const m of mails) {
        expect(m.subject).toBe('Room request: Boardroom, Tue, 2 Apr 2030, 09:00–10:00');
        expect(m.body_text).toContain('waiting for approval');
        expect(m.body_text).toContain('Booked by: Sofia Staff <staff@hq.example>');
        expect(m.body_text).toContain('On behalf of: guest@example.org');
        expect(m.body_text).toContain('/menu/approvals');
        expect(m.ics).toBeNull();
      }
    });

    it('its room admins (directly or through a team) and Admins book directly (Approved)', async () => {
      expect((await bookVia(t, o.approver, { RoomId: o.boardroom, Start: london(2, '09:00'), Finish: london(2, '10:00') })).Status).toBe(1);
      expect((await bookVia(t, o.teamApprover, { RoomId: o.boardroom, Start: london(2, '10:00'), Finish: london(2, '11:00') })).Status).toBe(1);
      expect((await bookVia(t, o.admin, { RoomId: o.boardroom, Start: london(2, '11:00'), Finish: london(2, '12:00') })).Status).toBe(1);
    });

    it('a pending request holds the slot', async () => {
      await bookVia(t, o.staff, { RoomId: o.boardroom });
      const res = await book(o.approver, { RoomId: o.boardroom, Start: london(2, '09:30'), Finish: london(2, '11:00') });
      expect(res.statusCode).toBe(409);
    });
  });

  it('200 people racing for one slot: exactly one 201, the rest 409', async () => {
    const people = await Promise.all(Array.from({ length: 200 }, (_, i) => createUser(t, { email: `racer${i}@hq.example` })));
    // A racer told 503 ("try again shortly": it waited over 3 s for a pool connection, which happens when
    // the test machine is busy) tries again as a client would; what must hold is one booking, and every
    // other racer told 409. How often that happens is a speed question for bench/scaleOut.bench.ts.
    const bookRetrying = async (p: (typeof people)[number]) => {
      for (let attempt = 1; ; attempt++) {
        const res = await book(p, { Start: london(4, '14:00'), Finish: london(4, '15:00') });
        if (res.statusCode !== 503 || attempt === 5) return res;
        await new Promise((r) => setTimeout(r, 250 * attempt));
      }
    };
    const results = await Promise.all(people.map(bookRetrying));
    const codes = results.map((r) => r.statusCode);
    if (!codes.every((c) => c === 201 || c === 409)) console.log(results.find((r) => r.statusCode !== 201 && r.statusCode !== 409)?.body);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(199);
    expect((await t.pool.query('SELECT count(*)::int AS n FROM bookings WHERE status IN (0, 1)')).rows[0].n).toBe(1);
    // Only the winner's mail is queued: refused bookings leave nothing behind.
    expect((await t.pool.query('SELECT count(*)::int AS n FROM mail_outbox')).rows[0].n).toBe(1);
  }, 60_000);
});

describe('POST /api/rooms/availability', () => {
  it('lists visible, enabled rooms of the type free for the whole range, with the result item fields', async () => {
    const res = await availability();
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['Severn', 'Thames', 'Boardroom']);
    const thames = res.json().find((r: { Name: string }) => r.Name === 'Thames');
    expect(thames).toEqual({
      ID: o.thames, LocationID: o.floor1, Name: 'Thames', Capacity: 8, Equipment: 'Screen', Disabled: false, Hidden: false,
      Start: london(2, '09:00'), Finish: london(2, '17:00'), SiteId: o.siteId, SiteName: 'London HQ', LocationName: 'Floor 1',
      IsRestricted: false, IsRoomAdmin: false, TimeZone: 'Europe/London',
    });
    const board = res.json().find((r: { Name: string }) => r.Name === 'Boardroom');
    expect(board).toMatchObject({ IsRestricted: true, IsRoomAdmin: false });
  });

  it('respects room type, location and site', async () => {
    expect(names(await availability(o.staff, { roomType: 1 }))).toEqual(['Clinic A']);
    expect(names(await availability(o.staff, { siteId: null, locationId: o.floor2 }))).toEqual(['Boardroom']);
    expect(names(await availability(o.staff, { siteId: null }))).toEqual(['Severn', 'Thames', 'Boardroom']);
    expect(names(await availability(o.siteListed, { siteId: null }))).toEqual(['Severn', 'Thames', 'Boardroom', 'Vault']);
  });

  it('leaves out rooms with an overlapping active booking; cancelled, rejected and touching bookings do not count', async () => {
    await bookVia(t, o.other, { RoomId: o.thames, Start: london(2, '16:30'), Finish: london(2, '18:00') });
    await bookVia(t, o.other, { RoomId: o.boardroom, Start: london(2, '08:00'), Finish: london(2, '09:00') }); // touching, Pending
    const severn = await bookVia(t, o.other, { RoomId: o.severn, Start: london(2, '12:00'), Finish: london(2, '13:00') });
    await t.pool.query('UPDATE bookings SET status = 3 WHERE id = $1', [severn.Id]);
    expect(names(await availability())).toEqual(['Severn', 'Boardroom']);
    // a pending request holds its slot too
    await bookVia(t, o.other, { RoomId: o.boardroom, Start: london(2, '12:00'), Finish: london(2, '12:15') });
    expect(names(await availability())).toEqual(['Severn']);
    // the morning alone is free in Thames, and in the Boardroom (the request starts as the range ends)
    expect(names(await availability(o.staff, { toDate: london(2, '12:00') }))).toEqual(['Severn', 'Thames', 'Boardroom']);
  });

  it('leaves out rooms at restricted sites for people not listed; restricted rooms stay listed', async () => {
    expect(names(await availability(o.staff, { siteId: o.secretSite }))).toEqual([]);
    expect(names(await availability(o.siteListed, { siteId: o.secretSite }))).toEqual(['Vault']);
    expect(names(await availability(o.admin, { siteId: o.secretSite }))).toEqual(['Vault']);
  });

  it('says whether the caller is a room admin (directly or through a team), and honours location restrictions', async () => {
    expect((await availability(o.teamApprover, { siteId: null, locationId: o.floor2 })).json()[0]).toMatchObject({ Name: 'Boardroom', IsRoomAdmin: true });
    expect((await availability(o.approver, { siteId: null, locationId: o.floor2 })).json()[0]).toMatchObject({ IsRoomAdmin: true });
    expect((await availability(o.staff, { siteId: null, locationId: o.floor2 })).json()[0]).toMatchObject({ IsRoomAdmin: false });
    await t.pool.query('UPDATE locations SET restrict_room_access = true WHERE id = $1', [o.floor2]);
    try {
      expect(names(await availability(o.staff))).toEqual(['Severn', 'Thames']);
      expect(names(await availability(o.admin))).toEqual(['Severn', 'Thames', 'Boardroom']);
      await t.pool.query("INSERT INTO access_grants (scope, scope_id, access_type, team_id) VALUES ('location', $1, 1, $2)", [o.floor2, o.teamId]);
      expect(names(await availability(o.teamApprover))).toEqual(['Severn', 'Thames', 'Boardroom']);
      // the same rule as the room list of the rooms feature
      const listed = (await call(t, o.staff, 'GET', `/api/rooms/site/${o.siteId}/0`)).json().map((r: { Name: string }) => r.Name);
      expect(listed).toEqual(['Severn', 'Thames']);
    } finally {
      await t.pool.query('UPDATE locations SET restrict_room_access = false WHERE id = $1', [o.floor2]);
      await t.pool.query("DELETE FROM access_grants WHERE scope = 'location' AND scope_id = $1", [o.floor2]);
    }
  });

  it('shows a change to rooms and places in the very next search (the cached room catalogue is never stale)', async () => {
    expect(names(await availability())).toEqual(['Severn', 'Thames', 'Boardroom']);
    await t.pool.query("UPDATE rooms SET name = 'Avon' WHERE id = $1", [o.thames]);
    expect(names(await availability())).toEqual(['Avon', 'Severn', 'Boardroom']);
    await t.pool.query('UPDATE rooms SET hidden = true WHERE id = $1', [o.severn]);
    expect(names(await availability())).toEqual(['Avon', 'Boardroom']);
    await t.pool.query('UPDATE locations SET deleted_at = now() WHERE id = $1', [o.floor2]);
    expect(names(await availability())).toEqual(['Avon']);
    await t.pool.query("UPDATE rooms SET name = 'Thames' WHERE id = $1", [o.thames]);
    await t.pool.query('UPDATE rooms SET hidden = false WHERE id = $1', [o.severn]);
    await t.pool.query('UPDATE locations SET deleted_at = NULL WHERE id = $1', [o.floor2]);
    expect(names(await availability())).toEqual(['Severn', 'Thames', 'Boardroom']);
  });

  it('leaves out sites with room booking off', async () => {
    await t.pool.query('UPDATE sites SET room_booking_enabled = false WHERE id = $1', [o.siteId]);
    expect(names(await availability())).toEqual([]);
  });

  it('refuses a range that is empty or longer than a week, and anonymous callers', async () => {
    const empty = await availability(o.staff, { toDate: london(2, '09:00') });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Errors).toEqual({ ToDate: 'The end must be after the start.' });
    expect((await availability(o.staff, { toDate: london(20, '09:00') })).statusCode).toBe(400);
    expect((await call(t, undefined, 'POST', '/api/rooms/availability', {})).statusCode).toBe(401);
  });
});

describe('POST /api/bookings/searchRooms', () => {
  const search = (who = o.staff, body: Record<string, unknown> = {}) =>
    call(t, who, 'POST', '/api/bookings/searchRooms', { roomId: o.thames, fromDate: london(1, '00:00'), toDate: london(8, '00:00'), ...body });

  it("lists a room's active bookings in the range; other people's e-mail addresses are left out", async () => {
    await createUser(t, { email: 'secret@example.org' }); // on-behalf people must be known to Hotdesk
    const mine = await bookVia(t, o.staff, { OnBehalfOfEmail: 'guest@example.org', RoomId: o.thames, Start: london(2, '09:00'), Finish: london(2, '10:00') });
    const theirs = await bookVia(t, o.other, { OnBehalfOfEmail: 'secret@example.org', RoomId: o.thames, Start: london(3, '09:00'), Finish: london(3, '10:00'), Description: 'Their meeting' });
    const gone = await bookVia(t, o.other, { RoomId: o.thames, Start: london(4, '09:00'), Finish: london(4, '10:00') });
    await t.pool.query('UPDATE bookings SET status = 3 WHERE id = $1', [gone.Id]);
    await bookVia(t, o.other, { RoomId: o.thames, Start: london(9, '09:00'), Finish: london(9, '10:00') }); // outside the range
    await bookVia(t, o.other, { RoomId: o.severn, Start: london(2, '09:00'), Finish: london(2, '10:00') }); // another room
    const res = await search();
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((b: { Id: number }) => b.Id)).toEqual([mine.Id, theirs.Id]);
    expect(list[0]).toMatchObject({ OnBehalfOfEmail: 'guest@example.org', Description: 'Team sync' });
    expect(list[1]).toMatchObject({ OnBehalfOfEmail: '', Description: 'Their meeting', Start: london(3, '09:00'), Finish: london(3, '10:00') });
    // Admins and the on-behalf person see the address.
    expect((await search(o.admin)).json()[1].OnBehalfOfEmail).toBe('secret@example.org');
  });

  it('searches the rooms of a site', async () => {
    await bookVia(t, o.other, { RoomId: o.thames, Start: london(2, '09:00'), Finish: london(2, '10:00') });
    await bookVia(t, o.other, { RoomId: o.severn, Start: london(2, '09:00'), Finish: london(2, '10:00') });
    const res = await search(o.staff, { roomId: null, siteId: o.siteId });
    expect(res.json().map((b: { RoomName: string }) => b.RoomName).sort()).toEqual(['Severn', 'Thames']);
  });

  it('refuses a missing room and site, an unknown room, a restricted place, and a range over 62 days', async () => {
    expect((await search(o.staff, { roomId: null })).statusCode).toBe(400);
    expect((await search(o.staff, { roomId: 999999 })).statusCode).toBe(404);
    expect((await search(o.staff, { roomId: o.vault })).statusCode).toBe(403);
    expect((await search(o.siteListed, { roomId: o.vault })).statusCode).toBe(200);
    expect((await search(o.staff, { toDate: '2030-07-01T00:00:00Z' })).statusCode).toBe(400);
  });
});

describe('GET /api/rooms/{id}/info (rooms feature) for the booking screen', () => {
  it('tells whether the room is restricted and whether the caller is its room admin', async () => {
    expect((await call(t, o.staff, 'GET', `/api/rooms/${o.boardroom}/info`)).json()).toMatchObject({ IsRestricted: true, IsRoomAdmin: false, TimeZone: 'Europe/London' });
    expect((await call(t, o.approver, 'GET', `/api/rooms/${o.boardroom}/info`)).json()).toMatchObject({ IsRestricted: true, IsRoomAdmin: true });
  });
});
