import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { grant, insertLocation, insertPublishedFloorplan, insertSite, insertTeam } from '../../testing/fixtures.js';

// A fixed "now" (a Monday morning in London) so rules about time are tested exactly.
const NOW = new Date('2030-01-07T08:00:00Z');
const at = (hoursFromNow: number) => new Date(NOW.getTime() + hoursFromNow * 3_600_000).toISOString();

let t: Awaited<ReturnType<typeof buildTestApp>>;
let staff: TestUser, other: TestUser, admin: TestUser, teamMember: TestUser;
let floorplanId: number, siteId: number, locationId: number, teamId: number;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  staff = await createUser(t, { email: 'staff@example.org' });
  other = await createUser(t, { email: 'other@example.org' });
  admin = await createUser(t, { roles: ['Admin'] });
  teamMember = await createUser(t);
  await createUser(t, { email: 'guest@example.org' }); // known to Hotdesk, so bookable on behalf of
  teamId = await insertTeam(t.pool, 'Finance', [teamMember.id]);
  siteId = await insertSite(t.pool, { parkingSpaces: 1 });
  locationId = await insertLocation(t.pool, siteId);
  ({ floorplanId } = await insertPublishedFloorplan(t.pool, locationId, [
    { id: 'D1' }, { id: 'D2' }, { id: 'D3' }, { id: 'NB', bookable: false }, { id: 'TEAM', assignedTeams: [teamId] }, { id: 'D4' },
  ]));
});
afterAll(() => t.dropDatabase());
beforeEach(async () => {
  await t.pool.query('DELETE FROM bookings');
  await t.pool.query('UPDATE global_settings SET maintenance_mode = false, desk_booking_enabled = true, desk_constraint_number = 0');
  await t.pool.query('UPDATE sites SET desk_booking_enabled = true, restrict_desk_access = false');
  await t.pool.query('DELETE FROM booking_constraints');
  await t.pool.query('DELETE FROM access_grants');
});

const book = (user: TestUser | undefined, body: Record<string, unknown>) => t.app.inject({
  method: 'POST', url: '/api/bookings/desk', headers: user ? { cookie: user.cookie } : {},
  payload: { FloorplanId: floorplanId, DeskId: 'D1', Start: at(2), Finish: at(5), ...body },
});
const activeRows = async () => (await t.pool.query('SELECT count(*)::int AS n FROM bookings WHERE status IN (0,1)')).rows[0].n;

describe('POST /api/bookings/desk', () => {
  it('books a free desk and answers the booking with SPEC field names', async () => {
    const res = await book(staff, { Description: 'Quarter end', IncludeParking: false });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      DeskId: 'D1', DeskName: 'Desk D1', FloorplanId: floorplanId, SiteId: siteId, LocationId: locationId, Status: 1,
      BookedByUserId: staff.id, Description: 'Quarter end', Start: at(2), Finish: at(5), RoomId: null,
    });
  });

  it('refuses a second booking of the same desk for overlapping times with 409 "has already been booked"', async () => {
    expect((await book(staff, {})).statusCode).toBe(201);
    const res = await book(other, { Start: at(4), Finish: at(6) });
    expect(res.statusCode).toBe(409);
    expect(res.json().Error).toContain('has already been booked');
    expect(await activeRows()).toBe(1);
  });

  it('allows back-to-back bookings of one desk', async () => {
    expect((await book(staff, { Start: at(2), Finish: at(4) })).statusCode).toBe(201);
    expect((await book(other, { Start: at(4), Finish: at(6) })).statusCode).toBe(201);
  });

  it('refuses one person two overlapping desks, counting the on-behalf person as the holder', async () => {
    expect((await book(staff, { DeskId: 'D1' })).statusCode).toBe(201);
    const twice = await book(staff, { DeskId: 'D2', Start: at(3), Finish: at(4) });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().Error).toContain('already has a desk booked');
    // other books D2 on behalf of staff (any case): staff already holds a desk then
    const onBehalf = await book(other, { DeskId: 'D2', OnBehalfOfEmail: 'STAFF@example.org' });
    expect(onBehalf.statusCode).toBe(409);
    // but other may book for a third person
    expect((await book(other, { DeskId: 'D2', OnBehalfOfEmail: 'guest@example.org' })).statusCode).toBe(201);
  });

  it('books on behalf of people known to Hotdesk or in ON_BEHALF_DOMAINS only (issue 18); others 400, nothing saved', async () => {
    const refusal = 'You can only book on behalf of people known to Hotdesk (people who have signed in or been registered).';
    const res = await book(staff, { OnBehalfOfEmail: 'someone@elsewhere.example' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Error: refusal, Code: 'BAD_INPUT', Errors: { OnBehalfOfEmail: refusal } });
    expect(await activeRows()).toBe(0);
    expect((await book(staff, { OnBehalfOfEmail: 'Guest@Example.org' })).statusCode).toBe(201);
    const t2 = await buildTestApp({ pool: t.pool, now: NOW, env: { ON_BEHALF_DOMAINS: 'elsewhere.example' } });
    try {
      const res2 = await t2.app.inject({ method: 'POST', url: '/api/bookings/desk', headers: { cookie: staff.cookie },
        payload: { FloorplanId: floorplanId, DeskId: 'D2', Start: at(2), Finish: at(5), OnBehalfOfEmail: 'someone@elsewhere.example' } });
      expect(res2.statusCode).toBe(201);
    } finally {
      await t2.close();
    }
  });

  it('refuses a desk that is not bookable, and a desk not on the layout', async () => {
    const nb = await book(staff, { DeskId: 'NB' });
    expect(nb.statusCode).toBe(403);
    expect(nb.json().Error).toBe('This desk is not bookable');
    const missing = await book(staff, { DeskId: 'NOPE' });
    expect(missing.statusCode).toBe(409);
    expect(await activeRows()).toBe(0);
  });

  it('applies the 48-hour team rule: anyone up to 48 h ahead, only members beyond', async () => {
    expect((await book(staff, { DeskId: 'TEAM', Start: at(48), Finish: at(50) })).statusCode).toBe(201);
    const beyond = await book(staff, { DeskId: 'TEAM', Start: at(72), Finish: at(74) });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().Error).toContain('assigned to a team');
    expect((await book(teamMember, { DeskId: 'TEAM', Start: at(72), Finish: at(74) })).statusCode).toBe(201);
  });

  it('enforces site and location desk restrictions, by person or team; admins pass', async () => {
    await t.pool.query('UPDATE sites SET restrict_desk_access = true WHERE id = $1', [siteId]);
    const refused = await book(staff, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Error).toContain('restricted');
    await grant(t.pool, { scope: 'site', scopeId: siteId, accessType: 2, teamId });
    expect((await book(teamMember, { DeskId: 'D2' })).statusCode).toBe(201);
    await grant(t.pool, { scope: 'site', scopeId: siteId, accessType: 2, userId: staff.id });
    expect((await book(staff, { DeskId: 'D1' })).statusCode).toBe(201);
    expect((await book(admin, { DeskId: 'D3' })).statusCode).toBe(201);
  });

  it('enforces the advance limit: the global desk constraint of 1 week', async () => {
    await t.pool.query('UPDATE global_settings SET desk_constraint_number = 1, desk_constraint_type = 1');
    expect((await book(staff, { Start: at(24 * 6), Finish: at(24 * 6 + 2) })).statusCode).toBe(201);
    const far = await book(staff, { DeskId: 'D2', Start: at(24 * 9), Finish: at(24 * 9 + 2) });
    expect(far.statusCode).toBe(400);
    expect(far.json().Error).toMatch(/^Bookings to this desk are restricted\. You may only book slots before: \d\d\/\d\d\/2030$/);
  });

  it('a location constraint overrides the global one', async () => {
    await t.pool.query('UPDATE global_settings SET desk_constraint_number = 1, desk_constraint_type = 1');
    await t.pool.query('INSERT INTO booking_constraints (location_id, number, resource_type, type) VALUES ($1, 1, 2, 2)', [locationId]);
    expect((await book(staff, { Start: at(24 * 20), Finish: at(24 * 20 + 2) })).statusCode).toBe(201);
  });

  it('refuses everything in maintenance mode or when desk booking is off (globally or at the site)', async () => {
    await t.pool.query('UPDATE global_settings SET maintenance_mode = true');
    expect((await book(staff, {})).statusCode).toBe(403);
    await t.pool.query('UPDATE global_settings SET maintenance_mode = false, desk_booking_enabled = false');
    expect((await book(staff, {})).statusCode).toBe(403);
    await t.pool.query('UPDATE global_settings SET desk_booking_enabled = true');
    await t.pool.query('UPDATE sites SET desk_booking_enabled = false');
    expect((await book(staff, {})).json().Error).toBe('Desk booking is turned off at this site.');
    expect(await activeRows()).toBe(0);
  });

  it('counts parking against the site spaces and refuses when the car park is full', async () => {
    expect((await book(staff, { IncludeParking: true })).statusCode).toBe(201);
    const full = await book(other, { DeskId: 'D2', IncludeParking: true });
    expect(full.statusCode).toBe(409);
    expect(full.json().Error).toContain('car park is full');
    expect((await book(other, { DeskId: 'D2', IncludeParking: false })).statusCode).toBe(201);
  });

  it('refuses bad input with a 400 and a clear message, changing nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ Start: 'tomorrow' }, 'Start'],
      [{ Finish: at(1) }, 'Finish'],
      [{ Start: at(-2), Finish: at(-1) }, 'Start'],
      [{ Finish: at(30) }, 'Finish'],
      [{ OnBehalfOfEmail: 'not-an-email' }, 'OnBehalfOfEmail'],
      [{ DeskId: '' }, 'DeskId'],
      [{ FloorplanId: 'x' }, 'FloorplanId'],
      [{ Description: 'x'.repeat(501) }, 'Description'],
    ];
    for (const [body, field] of cases) {
      const res = await book(staff, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().Errors, JSON.stringify(body)).toHaveProperty(field);
    }
    expect((await book(staff, { OnBehalfOfEmail: 'x' })).json().Errors.OnBehalfOfEmail).toBe('Please enter a valid email');
    expect(await activeRows()).toBe(0);
  });

  it('answers 404 for an unknown floorplan and 401 when signed out', async () => {
    expect((await book(staff, { FloorplanId: 99999 })).statusCode).toBe(404);
    expect((await book(undefined, {})).statusCode).toBe(401);
  });

  it('lets exactly one of many simultaneous requests for one desk through', async () => {
    const people = await Promise.all(Array.from({ length: 30 }, () => createUser(t)));
    const results = await Promise.all(people.map((p) => book(p, { DeskId: 'D4' })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(29);
    expect(await activeRows()).toBe(1);
  });
});

describe('GET /api/bookings/for/{floorplanId}', () => {
  it('shows which desks are taken, and ids only of the caller own bookings', async () => {
    await book(staff, { DeskId: 'D1' });
    await book(other, { DeskId: 'D2' });
    const res = await t.app.inject({ method: 'GET', url: `/api/bookings/for/${floorplanId}?start=${encodeURIComponent(at(0))}&end=${encodeURIComponent(at(10))}`, headers: { cookie: staff.cookie } });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ DeskId: string; IsMine: boolean; BookingId: number | null }>;
    expect(list.map((b) => b.DeskId).sort()).toEqual(['D1', 'D2']);
    expect(list.find((b) => b.DeskId === 'D1')).toMatchObject({ IsMine: true });
    expect(list.find((b) => b.DeskId === 'D2')).toMatchObject({ IsMine: false, BookingId: null });
  });
  it('refuses a bad range and signed-out callers', async () => {
    const bad = await t.app.inject({ method: 'GET', url: `/api/bookings/for/${floorplanId}?start=x&end=y`, headers: { cookie: staff.cookie } });
    expect(bad.statusCode).toBe(400);
    const out = await t.app.inject({ method: 'GET', url: `/api/bookings/for/${floorplanId}?start=${encodeURIComponent(at(0))}&end=${encodeURIComponent(at(1))}` });
    expect(out.statusCode).toBe(401);
  });
});

describe('GET /api/floorplans/{id}/layout', () => {
  it('answers the published layout record with location, site notes and parking', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/floorplans/${floorplanId}/layout`, headers: { cookie: staff.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ LocationName: 'Floor 1', LocationBuildingNo: 'Building A', SiteNotes: 'Site notes', HasParking: true, ParkingLimit: 1 });
    expect(JSON.parse(res.json().Json).desks).toHaveLength(6);
  });
  it('answers 404 for an unknown floorplan', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/floorplans/424242/layout', headers: { cookie: staff.cookie } })).statusCode).toBe(404);
  });
});
