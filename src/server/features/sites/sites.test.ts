import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../testing/testApp.js';
import { hoursFromNow, withOrgSetupCast, type OrgSetupCast } from '../../testing/orgSetupTestKit.js';
import { call, ids, insertRoomBooking, newLocation, newPlace, newSite, newTeam } from '../orgAccess/orgTestKit.js';

let t: OrgSetupCast['t'], admin: TestUser, staff: TestUser, listed: TestUser, teamMember: TestUser, teamId: number;
withOrgSetupCast((cast) => ({ t, admin, staff, listed, teamMember, teamId } = cast));

describe('POST /api/sites (create)', () => {
  it('creates a site with defaults: configured time zone, parking 0, booking on', async () => {
    const res = await call(t, admin, 'POST', '/api/sites', { Title: '  Head Office ', PostCode: 'AB1 2CD' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      Title: 'Head Office', PostCode: 'AB1 2CD', TimeZone: 'Europe/London', ParkingSpaces: 0, SiteLevelParking: false,
      RoomBookingEnabled: true, DeskBookingEnabled: true, WorkWeekOnly: false, RestrictRoomAccess: false, RestrictDeskAccess: false,
      RoomCheckIns: false, NotificationEmail: '', BookingConstraints: [], ResourceAdminUsers: [], RoomAdminTeams: [],
    });
  });
  it('accepts keys in any case, a valid time zone, parking as digits and constraints with an empty number as 0', async () => {
    const res = await call(t, admin, 'POST', '/api/sites', {
      title: 'NY', timezone: 'America/New_York', PARKINGSPACES: '12', SiteLevelParking: true, NotificationEmail: ' desk@example.org ',
      WorkWeekOnly: true, BookingConstraints: [{ Number: '', Type: 2, ResourceType: 1 }, { Number: '3', Type: 1, ResourceType: 2 }],
    });
    expect(res.statusCode).toBe(201);
    const s = res.json();
    expect(s).toMatchObject({ Title: 'NY', TimeZone: 'America/New_York', ParkingSpaces: 12, SiteLevelParking: true, NotificationEmail: 'desk@example.org', WorkWeekOnly: true });
    expect(s.BookingConstraints).toEqual([
      { Id: expect.any(Number), SiteId: s.Id, LocationId: null, RoomId: null, Number: 0, Type: 2, ResourceType: 1 },
      { Id: expect.any(Number), SiteId: s.Id, LocationId: null, RoomId: null, Number: 3, Type: 1, ResourceType: 2 },
    ]);
  });
  it.each([['abc'], [''], [-4], [2.5], [null]])('turns parking spaces %j into 0', async (value) => {
    const res = await call(t, admin, 'POST', '/api/sites', { Title: 'Parking', ParkingSpaces: value });
    expect(res.statusCode).toBe(201);
    expect(res.json().ParkingSpaces).toBe(0);
  });
  it.each([[undefined], [''], ['   ']])("refuses the title %j with 'Title is mandatory'", async (Title) => {
    const res = await call(t, admin, 'POST', '/api/sites', { Title });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Error: 'Title is mandatory', Code: 'BAD_INPUT', Errors: { Title: 'Title is mandatory' } });
  });
  it("refuses an invalid notification e-mail with 'Please enter a valid email' and allows an empty one", async () => {
    const bad = await call(t, admin, 'POST', '/api/sites', { Title: 'Mail', NotificationEmail: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Error: 'Please enter a valid email', Errors: { NotificationEmail: 'Please enter a valid email' } });
    const empty = await call(t, admin, 'POST', '/api/sites', { Title: 'Mail', NotificationEmail: '' });
    expect(empty.statusCode).toBe(201);
  });
  it('refuses an unknown time zone', async () => {
    const res = await call(t, admin, 'POST', '/api/sites', { Title: 'TZ', TimeZone: 'Mars/Olympus' });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors).toEqual({ TimeZone: 'Please choose a valid time zone' });
  });
  it('lists every broken rule at once, the first as the Error', async () => {
    const res = await call(t, admin, 'POST', '/api/sites', { Title: '', NotificationEmail: 'x@', TimeZone: 'Nowhere' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Error: 'Title is mandatory', Errors: { Title: 'Title is mandatory', NotificationEmail: 'Please enter a valid email', TimeZone: 'Please choose a valid time zone' } });
  });
  it('refuses two constraints of one resource type, and a fractional constraint number', async () => {
    const two = await call(t, admin, 'POST', '/api/sites', { Title: 'C', BookingConstraints: [{ Number: 1, Type: 1, ResourceType: 1 }, { Number: 2, Type: 1, ResourceType: 1 }] });
    expect(two.statusCode).toBe(400);
    expect(two.json().Errors.BookingConstraints).toMatch(/one room constraint/);
    const frac = await call(t, admin, 'POST', '/api/sites', { Title: 'C', BookingConstraints: [{ Number: 1.5, Type: 1, ResourceType: 1 }] });
    expect(frac.statusCode).toBe(400);
  });
  it('is refused for staff (403) and when signed out (401)', async () => {
    expect((await call(t, staff, 'POST', '/api/sites', { Title: 'No' })).statusCode).toBe(403);
    expect((await call(t, undefined, 'POST', '/api/sites', { Title: 'No' })).statusCode).toBe(401);
  });
});

describe('POST /api/sites/{id} (update)', () => {
  it('changes the fields sent and keeps the others', async () => {
    const site = await newSite(t, admin, { Address: '1 High St', ParkingSpaces: 5 });
    const res = await call(t, admin, 'POST', `/api/sites/${site.Id}`, { Title: 'Renamed', RoomCheckIns: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Id: site.Id, Title: 'Renamed', Address: '1 High St', ParkingSpaces: 5, RoomCheckIns: true });
  });
  it("applies the same rules ('Title is mandatory')", async () => {
    const site = await newSite(t, admin);
    const res = await call(t, admin, 'POST', `/api/sites/${site.Id}`, { Title: ' ' });
    expect(res.json()).toMatchObject({ Error: 'Title is mandatory' });
  });
  it('saves access lists (objects or ids); turning a restriction off clears only that list', async () => {
    const site = await newSite(t, admin);
    const on = await call(t, admin, 'POST', `/api/sites/${site.Id}`, {
      RestrictRoomAccess: true, RestrictDeskAccess: true,
      RoomAdminUsers: [{ Id: listed.id, FullName: 'x', Email: 'y' }], RoomAdminTeams: [teamId],
      DeskAccessUsers: [listed.id], DeskAccessTeams: [{ Id: teamId, Name: 'T' }], ResourceAdminUsers: [listed.id],
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().RoomAdminUsers).toEqual([{ Id: listed.id, FullName: 'Listed Person', Email: listed.email }]);
    expect(ids(on.json().RoomAdminTeams)).toEqual([teamId]);
    expect(ids(on.json().DeskAccessUsers)).toEqual([listed.id]);

    const off = await call(t, admin, 'POST', `/api/sites/${site.Id}`, { RestrictRoomAccess: false });
    expect(off.json()).toMatchObject({ RestrictRoomAccess: false, RoomAdminUsers: [], RoomAdminTeams: [], RestrictDeskAccess: true });
    expect(ids(off.json().DeskAccessUsers)).toEqual([listed.id]);
    expect(ids(off.json().ResourceAdminUsers)).toEqual([listed.id]);
    // Switching it back on does not bring the old list back.
    const again = await call(t, admin, 'POST', `/api/sites/${site.Id}`, { RestrictRoomAccess: true });
    expect(again.json().RoomAdminUsers).toEqual([]);
  });
  it('keeps no list for an unrestricted level', async () => {
    const site = await newSite(t, admin);
    const res = await call(t, admin, 'POST', `/api/sites/${site.Id}`, { DeskAccessUsers: [listed.id] });
    expect(res.json().DeskAccessUsers).toEqual([]);
  });
  it('refuses a list naming a person who does not exist, changing nothing', async () => {
    const site = await newSite(t, admin, { Title: 'Before' });
    const res = await call(t, admin, 'POST', `/api/sites/${site.Id}`, { Title: 'After', ResourceAdminUsers: [999999] });
    expect(res.statusCode).toBe(400);
    expect((await call(t, admin, 'GET', `/api/sites/${site.Id}`)).json().Title).toBe('Before');
  });
  it('answers 404 for an unknown site, 403 for staff, 401 signed out', async () => {
    const site = await newSite(t, admin);
    expect((await call(t, admin, 'POST', '/api/sites/999999', { Title: 'x' })).statusCode).toBe(404);
    expect((await call(t, staff, 'POST', `/api/sites/${site.Id}`, { Title: 'x' })).statusCode).toBe(403);
    expect((await call(t, undefined, 'POST', `/api/sites/${site.Id}`, { Title: 'x' })).statusCode).toBe(401);
  });
});

describe('GET /api/sites and /api/sites/{id}', () => {
  it('lists live sites for anyone signed in, without access lists', async () => {
    const site = await newSite(t, admin);
    const res = await call(t, staff, 'GET', '/api/sites');
    expect(res.statusCode).toBe(200);
    const found = res.json().find((s: { Id: number }) => s.Id === site.Id);
    expect(found).toMatchObject({ Title: site.Title, TimeZone: 'Europe/London' });
    expect(found).not.toHaveProperty('ResourceAdminUsers');
    expect((await call(t, undefined, 'GET', '/api/sites')).statusCode).toBe(401);
  });
  it('gives access lists to admins only', async () => {
    const site = await newSite(t, admin, { ResourceAdminUsers: [listed.id] });
    expect(ids((await call(t, admin, 'GET', `/api/sites/${site.Id}`)).json().ResourceAdminUsers)).toEqual([listed.id]);
    const forStaff = await call(t, staff, 'GET', `/api/sites/${site.Id}`);
    expect(forStaff.statusCode).toBe(200);
    expect(forStaff.json()).toMatchObject({ Id: site.Id, ResourceAdminUsers: [] });
    expect((await call(t, staff, 'GET', '/api/sites/999999')).statusCode).toBe(404);
    expect((await call(t, staff, 'GET', '/api/sites/abc')).statusCode).toBe(400);
  });
});

describe('GET /api/sites/my and the SiteLvlAdmin flag', () => {
  it('lists the sites a person is resource admin of, directly or through a team, and sets SiteLvlAdmin', async () => {
    const person = await createUser(t);
    const before = await call(t, person, 'GET', '/api/settings');
    expect(before.json().Profile.SiteLvlAdmin).toBe(false);
    expect((await call(t, person, 'GET', '/api/sites/my')).statusCode).toBe(403);

    const team = await newTeam(t, [person.id]);
    const a = await newSite(t, admin, { Title: 'Alpha', ResourceAdminUsers: [person.id] });
    const b = await newSite(t, admin, { Title: 'Beta', TimeZone: 'America/New_York', ResourceAdminTeams: [team] });
    await newSite(t, admin, { Title: 'Gamma' });
    const after = await call(t, person, 'GET', '/api/settings');
    expect(after.json().Profile.SiteLvlAdmin).toBe(true);
    const mine = await call(t, person, 'GET', '/api/sites/my');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([
      { SiteId: a.Id, SiteName: 'Alpha', TimeZone: 'Europe/London', DayStartMinutes: 420, DayEndMinutes: 1200 },
      { SiteId: b.Id, SiteName: 'Beta', TimeZone: 'America/New_York', DayStartMinutes: 420, DayEndMinutes: 1200 },
    ]);
  });
  it('gives admins every live site; refuses signed-out callers', async () => {
    const site = await newSite(t, admin);
    expect((await call(t, admin, 'GET', '/api/sites/my')).json()).toContainEqual({ SiteId: site.Id, SiteName: site.Title, TimeZone: site.TimeZone, DayStartMinutes: 420, DayEndMinutes: 1200 });
    expect((await call(t, undefined, 'GET', '/api/sites/my')).statusCode).toBe(401);
  });
});

describe('GET /api/sites/byRoomType/{type}', () => {
  const siteIds = async (who: TestUser, type: number) => ids((await call(t, who, 'GET', `/api/sites/byRoomType/${type}`)).json());

  it('lists sites with a visible, enabled room of the type', async () => {
    const clinical = await newPlace(t, admin, { RoomType: 1 });
    const meeting = await newPlace(t, admin, { RoomType: 0 });
    const hidden = await newPlace(t, admin, { RoomType: 1, Hidden: true });
    const disabled = await newPlace(t, admin, { RoomType: 1, Disabled: true });
    const list = await siteIds(staff, 1);
    expect(list).toContain(clinical.siteId);
    expect(list).not.toContain(meeting.siteId);
    expect(list).not.toContain(hidden.siteId);
    expect(list).not.toContain(disabled.siteId);
  });
  it('leaves out sites with room booking turned off', async () => {
    const p = await newPlace(t, admin);
    await call(t, admin, 'POST', `/api/sites/${p.siteId}`, { RoomBookingEnabled: false });
    expect(await siteIds(staff, 0)).not.toContain(p.siteId);
  });
  it('hides a room-restricted site from staff but shows it to a listed person, a member of a listed team and admins', async () => {
    const p = await newPlace(t, admin);
    await call(t, admin, 'POST', `/api/sites/${p.siteId}`, { RestrictRoomAccess: true, RoomAdminUsers: [listed.id], RoomAdminTeams: [teamId] });
    expect(await siteIds(staff, 0)).not.toContain(p.siteId);
    expect(await siteIds(listed, 0)).toContain(p.siteId);
    expect(await siteIds(teamMember, 0)).toContain(p.siteId);
    expect(await siteIds(admin, 0)).toContain(p.siteId);
  });
  it('hides a site whose only location is room-restricted, but keeps a site whose room is restricted', async () => {
    const p = await newPlace(t, admin);
    await call(t, admin, 'POST', `/api/locations/${p.locationId}`, { RestrictRoomAccess: true, RoomAdminUsers: [listed.id] });
    expect(await siteIds(staff, 0)).not.toContain(p.siteId);
    expect(await siteIds(listed, 0)).toContain(p.siteId);
    const q = await newPlace(t, admin, { RestrictRoomAccess: true, RoomAdminUsers: [listed.id] });
    expect(await siteIds(staff, 0)).toContain(q.siteId);
  });
  it('refuses an unknown room type and signed-out callers', async () => {
    expect((await call(t, staff, 'GET', '/api/sites/byRoomType/7')).statusCode).toBe(400);
    expect((await call(t, undefined, 'GET', '/api/sites/byRoomType/0')).statusCode).toBe(401);
  });
});

describe('GET /api/sites/desks', () => {
  async function floorplan(locationId: number, published: boolean) {
    const { rows } = await t.pool.query<{ id: number }>("INSERT INTO floorplans (location_id, name) VALUES ($1, 'Floor 1') RETURNING id", [locationId]);
    await t.pool.query("INSERT INTO layouts (floorplan_id, json, published) VALUES ($1, '{}', $2)", [rows[0]!.id, published]);
  }
  const siteIds = async (who: TestUser) => ids((await call(t, who, 'GET', '/api/sites/desks')).json());

  it('lists desk-enabled sites with a published floorplan only', async () => {
    const withPlan = await newSite(t, admin);
    await floorplan((await newLocation(t, admin, withPlan.Id)).Id, true);
    const draftOnly = await newSite(t, admin);
    await floorplan((await newLocation(t, admin, draftOnly.Id)).Id, false);
    const off = await newSite(t, admin, { DeskBookingEnabled: false });
    await floorplan((await newLocation(t, admin, off.Id)).Id, true);
    const list = await siteIds(staff);
    expect(list).toContain(withPlan.Id);
    expect(list).not.toContain(draftOnly.Id);
    expect(list).not.toContain(off.Id);
  });
  it('applies desk restrictions of the site and of the location', async () => {
    const site = await newSite(t, admin, { RestrictDeskAccess: true, DeskAccessUsers: [listed.id], DeskAccessTeams: [teamId] });
    await floorplan((await newLocation(t, admin, site.Id)).Id, true);
    expect(await siteIds(staff)).not.toContain(site.Id);
    expect(await siteIds(listed)).toContain(site.Id);
    expect(await siteIds(teamMember)).toContain(site.Id);

    const other = await newSite(t, admin);
    await floorplan((await newLocation(t, admin, other.Id, { RestrictDeskAccess: true, DeskAccessTeams: [teamId] })).Id, true);
    expect(await siteIds(staff)).not.toContain(other.Id);
    expect(await siteIds(teamMember)).toContain(other.Id);
    expect(await siteIds(admin)).toContain(other.Id);
  });
});

describe('DELETE /api/sites/{id}', () => {
  it('is refused with the count while active future bookings exist', async () => {
    const p = await newPlace(t, admin);
    await insertRoomBooking(t, { ...p, userId: staff.id, start: hoursFromNow(1), finish: hoursFromNow(2), status: 0 });
    await insertRoomBooking(t, { ...p, userId: staff.id, start: hoursFromNow(3), finish: hoursFromNow(4), status: 1 });
    await insertRoomBooking(t, { ...p, userId: staff.id, start: hoursFromNow(5), finish: hoursFromNow(6), status: 3 }); // cancelled: ignored
    const res = await call(t, admin, 'DELETE', `/api/sites/${p.siteId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ Error: 'This site cannot be deleted: it has 2 active future bookings. Cancel them first.', Code: 'CONFLICT' });
    expect((await call(t, admin, 'GET', `/api/sites/${p.siteId}`)).statusCode).toBe(200);
  });
  it('counts a booking still running now as future', async () => {
    const p = await newPlace(t, admin);
    await insertRoomBooking(t, { ...p, userId: staff.id, start: hoursFromNow(-1), finish: hoursFromNow(1), status: 1 });
    expect((await call(t, admin, 'DELETE', `/api/sites/${p.siteId}`)).json().Error).toMatch(/1 active future booking\b/);
  });
  it('soft-deletes a site with only past bookings: gone from lists, children too, bookings kept', async () => {
    const p = await newPlace(t, admin);
    await insertRoomBooking(t, { ...p, userId: staff.id, start: hoursFromNow(-5), finish: hoursFromNow(-4), status: 1 });
    const res = await call(t, admin, 'DELETE', `/api/sites/${p.siteId}`);
    expect(res.statusCode).toBe(204);
    expect((await call(t, admin, 'GET', `/api/sites/${p.siteId}`)).statusCode).toBe(404);
    expect(ids((await call(t, admin, 'GET', '/api/sites')).json())).not.toContain(p.siteId);
    expect((await call(t, admin, 'GET', `/api/rooms/${p.roomId}/info`)).statusCode).toBe(404);
    const { rows } = await t.pool.query('SELECT count(*)::int AS n FROM bookings WHERE site_id = $1', [p.siteId]);
    expect(rows[0].n).toBe(1);
    // The database refuses new active bookings there.
    await expect(insertRoomBooking(t, { ...p, userId: staff.id, start: hoursFromNow(10), finish: hoursFromNow(11), status: 1 })).rejects.toThrow(/deleted/);
    expect((await call(t, admin, 'DELETE', `/api/sites/${p.siteId}`)).statusCode).toBe(404);
  });
  it('is refused for staff (403) and signed out (401)', async () => {
    const site = await newSite(t, admin);
    expect((await call(t, staff, 'DELETE', `/api/sites/${site.Id}`)).statusCode).toBe(403);
    expect((await call(t, undefined, 'DELETE', `/api/sites/${site.Id}`)).statusCode).toBe(401);
  });
});

describe('day hours (issue 20: the room calendar and the Reception View show the same hours)', () => {
  it('default to 07:00–20:00 on a new site and reach everyone who reads sites, and the Reception View list', async () => {
    const site = await newSite(t, admin);
    expect(site).toMatchObject({ DayStartMinutes: 420, DayEndMinutes: 1200 });
    const listed = (await call(t, staff, 'GET', '/api/sites')).json().find((s: { Id: number }) => s.Id === site.Id);
    expect(listed).toMatchObject({ DayStartMinutes: 420, DayEndMinutes: 1200 });
    const mine = (await call(t, admin, 'GET', '/api/sites/my')).json().find((s: { SiteId: number }) => s.SiteId === site.Id);
    expect(mine).toEqual({ SiteId: site.Id, SiteName: site.Title, TimeZone: site.TimeZone, DayStartMinutes: 420, DayEndMinutes: 1200 });
  });
  it('are changed by admins in whole or half hours and kept when not sent', async () => {
    const site = await newSite(t, admin);
    const res = await call(t, admin, 'POST', `/api/sites/${site.Id}`, { DayStartMinutes: 450, DayEndMinutes: 1080 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ DayStartMinutes: 450, DayEndMinutes: 1080 });
    const other = await call(t, admin, 'POST', `/api/sites/${site.Id}`, { Notes: 'Lift out of order' });
    expect(other.json()).toMatchObject({ DayStartMinutes: 450, DayEndMinutes: 1080 });
    const whole = await call(t, admin, 'POST', `/api/sites/${site.Id}`, { DayStartMinutes: 0, DayEndMinutes: 1440 });
    expect(whole.json()).toMatchObject({ DayStartMinutes: 0, DayEndMinutes: 1440 });
  });
  it.each([
    [{ DayStartMinutes: 600, DayEndMinutes: 600 }, 'DayEndMinutes', 'The day must end after it starts'],
    [{ DayStartMinutes: 900, DayEndMinutes: 480 }, 'DayEndMinutes', 'The day must end after it starts'],
    [{ DayStartMinutes: 435 }, 'DayStartMinutes', 'Day hours must be whole or half hours'],
    [{ DayEndMinutes: 1190 }, 'DayEndMinutes', 'Day hours must be whole or half hours'],
    // Only the end is sent: it must still come after the saved start (07:00).
    [{ DayEndMinutes: 360 }, 'DayEndMinutes', 'The day must end after it starts'],
  ])('refuse %j with a message for the field, changing nothing', async (body, field, message) => {
    const site = await newSite(t, admin);
    const res = await call(t, admin, 'POST', `/api/sites/${site.Id}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Error: message, Errors: { [field]: message } });
    expect((await call(t, admin, 'GET', `/api/sites/${site.Id}`)).json()).toMatchObject({ DayStartMinutes: 420, DayEndMinutes: 1200 });
  });
  it.each([[-30], [1470], ['08:00'], [null]])('refuse the out-of-range or mistyped value %j (400, not 500)', async (value) => {
    const site = await newSite(t, admin);
    const res = await call(t, admin, 'POST', `/api/sites/${site.Id}`, { DayStartMinutes: value });
    expect(res.statusCode).toBe(400);
  });
  it('may be changed by admins only', async () => {
    const site = await newSite(t, admin);
    expect((await call(t, staff, 'POST', `/api/sites/${site.Id}`, { DayStartMinutes: 480 })).statusCode).toBe(403);
    expect((await call(t, undefined, 'POST', `/api/sites/${site.Id}`, { DayStartMinutes: 480 })).statusCode).toBe(401);
    expect((await call(t, admin, 'GET', `/api/sites/${site.Id}`)).json().DayStartMinutes).toBe(420);
  });
});
