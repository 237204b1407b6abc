import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../testing/testApp.js';
import { hoursFromNow, ORG_SETUP_NOW, withOrgSetupCast, type OrgSetupCast } from '../../testing/orgSetupTestKit.js';
import { CANNOT_REMOVE_SELF, NO_PUBLIC_DESCRIPTIONS } from './rooms.service.js';
import { call, ids, insertRoomBooking, newLocation, newPlace, newRoom, newSite, newTeam } from '../orgAccess/orgTestKit.js';

let t: OrgSetupCast['t'], admin: TestUser, staff: TestUser, listed: TestUser, teamMember: TestUser, teamId: number;
withOrgSetupCast((cast) => ({ t, admin, staff, listed, teamMember, teamId } = cast));

describe('POST /api/rooms (create)', () => {
  it('creates a room with every field; site values come along', async () => {
    const site = await newSite(t, admin, { Title: 'HQ', WorkWeekOnly: true, RoomCheckIns: true });
    const location = await newLocation(t, admin, site.Id, { Title: 'North' });
    const res = await call(t, admin, 'POST', '/api/rooms', {
      locationid: location.Id, name: ' Board Room ', RoomType: 1, Capacity: '12', Equipment: 'Screen', Notes: 'Ask reception',
      RestrictRoomAccess: true, RoomAdminUsers: [listed.id], RoomAdminTeams: [{ Id: teamId, Name: 'x' }],
      RoomBookingConstraint: { Number: '', Type: 2, ResourceType: 1 },
    });
    expect(res.statusCode).toBe(201);
    const r = res.json();
    expect(r).toMatchObject({
      SiteId: site.Id, LocationId: location.Id, Name: 'Board Room', RoomType: 1, Capacity: 12, Equipment: 'Screen', Notes: 'Ask reception',
      Hidden: false, Disabled: false, IsRestricted: true, IsRoomAdmin: false, RestrictRoomAccess: true,
      RoomAdminUsers: [{ Id: listed.id, FullName: 'Listed Person', Email: listed.email }],
      RoomBookingConstraint: { Number: 0, Type: 2, ResourceType: 1, RoomId: r.Id },
      RoomCheckIns: true, RoomCheckInsSetting: null, WorkWeekOnly: true, RoomBookingEnabled: true, SiteName: 'HQ', LocationName: 'North',
      TimeZone: 'Europe/London',
    });
    expect(ids(r.RoomAdminTeams)).toEqual([teamId]);
  });
  it("refuses an empty name with 'Room Name is mandatory'", async () => {
    const { locationId } = await newPlace(t, admin);
    const res = await call(t, admin, 'POST', '/api/rooms', { LocationId: locationId, Name: ' ', RoomType: 0, Capacity: 4 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Error: 'Room Name is mandatory', Code: 'BAD_INPUT', Errors: { Name: 'Room Name is mandatory' } });
  });
  it.each([[0], [901], [1.5], ['abc'], [''], [null], [undefined]])('refuses capacity %j', async (Capacity) => {
    const { locationId } = await newPlace(t, admin);
    const res = await call(t, admin, 'POST', '/api/rooms', { LocationId: locationId, Name: 'R', RoomType: 0, Capacity });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors).toEqual({ Capacity: 'Capacity must be a whole number from 1 to 900' });
  });
  it.each([[1], [900]])('accepts capacity %j', async (Capacity) => {
    const { locationId } = await newPlace(t, admin);
    expect((await call(t, admin, 'POST', '/api/rooms', { LocationId: locationId, Name: 'R', RoomType: 0, Capacity })).statusCode).toBe(201);
  });
  it('refuses an unknown room type, a missing location, an unknown location', async () => {
    const { locationId } = await newPlace(t, admin);
    const type = await call(t, admin, 'POST', '/api/rooms', { LocationId: locationId, Name: 'R', RoomType: 2, Capacity: 3 });
    expect(type.json()).toMatchObject({ Error: 'Select a room type', Errors: { RoomType: 'Select a room type' } });
    const noLocation = await call(t, admin, 'POST', '/api/rooms', { Name: 'R', RoomType: 0, Capacity: 3 });
    expect(noLocation.json()).toMatchObject({ Error: 'Select a location' });
    expect((await call(t, admin, 'POST', '/api/rooms', { LocationId: 999999, Name: 'R', RoomType: 0, Capacity: 3 })).statusCode).toBe(404);
  });
  it('is refused for staff (403), a room approver (403) and signed out (401)', async () => {
    const { locationId } = await newPlace(t, admin, { RestrictRoomAccess: true, RoomAdminUsers: [listed.id] });
    const body = { LocationId: locationId, Name: 'R', RoomType: 0, Capacity: 3 };
    expect((await call(t, staff, 'POST', '/api/rooms', body)).statusCode).toBe(403);
    expect((await call(t, listed, 'POST', '/api/rooms', body)).statusCode).toBe(403);
    expect((await call(t, undefined, 'POST', '/api/rooms', body)).statusCode).toBe(401);
  });
});

describe('GET /api/rooms/{id}/info', () => {
  it('answers the room for the caller: IsRoomAdmin and the lists for its room admins only', async () => {
    const p = await newPlace(t, admin, { RestrictRoomAccess: true, RoomAdminTeams: [teamId] });
    const forMember = (await call(t, teamMember, 'GET', `/api/rooms/${p.roomId}/info`)).json();
    expect(forMember).toMatchObject({ Id: p.roomId, IsRoomAdmin: true, IsRestricted: true });
    expect(ids(forMember.RoomAdminTeams)).toEqual([teamId]);
    const forStaff = (await call(t, staff, 'GET', `/api/rooms/${p.roomId}/info`)).json();
    expect(forStaff).toMatchObject({ IsRoomAdmin: false, IsRestricted: true, RoomAdminTeams: [] });
  });
  it('makes room admins of a location room admins of its rooms', async () => {
    const site = await newSite(t, admin);
    const location = await newLocation(t, admin, site.Id, { RestrictRoomAccess: true, RoomAdminUsers: [listed.id] });
    const room = await newRoom(t, admin, location.Id);
    expect((await call(t, listed, 'GET', `/api/rooms/${room.Id}/info`)).json().IsRoomAdmin).toBe(true);
  });
  it('answers 404 for an unknown room and 401 signed out', async () => {
    expect((await call(t, staff, 'GET', '/api/rooms/999999/info')).statusCode).toBe(404);
    expect((await call(t, undefined, 'GET', '/api/rooms/1/info')).statusCode).toBe(401);
  });
});

describe('room lists', () => {
  async function location(body: Record<string, unknown> = {}) {
    const site = await newSite(t, admin);
    const l = await newLocation(t, admin, site.Id, body);
    const visible = await newRoom(t, admin, l.Id, { Name: 'A visible', RoomType: 0 });
    const restricted = await newRoom(t, admin, l.Id, { Name: 'B restricted', RoomType: 0, RestrictRoomAccess: true, RoomAdminUsers: [listed.id] });
    const hidden = await newRoom(t, admin, l.Id, { Name: 'C hidden', RoomType: 0, Hidden: true });
    const disabled = await newRoom(t, admin, l.Id, { Name: 'D disabled', RoomType: 0, Disabled: true });
    const clinical = await newRoom(t, admin, l.Id, { Name: 'E clinical', RoomType: 1 });
    return { siteId: site.Id, locationId: l.Id, visible: visible.Id, restricted: restricted.Id, hidden: hidden.Id, disabled: disabled.Id, clinical: clinical.Id };
  }

  it('GET /api/rooms/location/{id}/{type}: bookable rooms of the type; a restricted room stays for everyone', async () => {
    const x = await location();
    const meeting = await call(t, staff, 'GET', `/api/rooms/location/${x.locationId}/0`);
    expect(meeting.statusCode).toBe(200);
    expect(ids(meeting.json())).toEqual([x.visible, x.restricted]);
    expect(meeting.json()[1]).toMatchObject({ IsRestricted: true, IsRoomAdmin: false, RoomAdminUsers: [] });
    expect(ids((await call(t, staff, 'GET', `/api/rooms/location/${x.locationId}/1`)).json())).toEqual([x.clinical]);
    expect((await call(t, staff, 'GET', `/api/rooms/location/${x.locationId}/5`)).statusCode).toBe(400);
    expect((await call(t, undefined, 'GET', `/api/rooms/location/${x.locationId}/0`)).statusCode).toBe(401);
  });
  it('GET /api/rooms/location/{id}/{type}: a room-restricted location is empty for staff, full for listed people and teams', async () => {
    const x = await location({ RestrictRoomAccess: true, RoomAdminUsers: [listed.id], RoomAdminTeams: [teamId] });
    expect((await call(t, staff, 'GET', `/api/rooms/location/${x.locationId}/0`)).json()).toEqual([]);
    expect(ids((await call(t, listed, 'GET', `/api/rooms/location/${x.locationId}/0`)).json())).toEqual([x.visible, x.restricted]);
    expect(ids((await call(t, teamMember, 'GET', `/api/rooms/location/${x.locationId}/0`)).json())).toEqual([x.visible, x.restricted]);
    expect(ids((await call(t, admin, 'GET', `/api/rooms/location/${x.locationId}/0`)).json())).toEqual([x.visible, x.restricted]);
  });
  it('GET /api/rooms/site/{id}/{type}: across the locations the caller may choose', async () => {
    const x = await location();
    const closed = await newLocation(t, admin, x.siteId, { RestrictRoomAccess: true, RoomAdminTeams: [teamId] });
    const closedRoom = await newRoom(t, admin, closed.Id, { RoomType: 0 });
    expect(ids((await call(t, staff, 'GET', `/api/rooms/site/${x.siteId}/0`)).json())).toEqual([x.visible, x.restricted]);
    expect(ids((await call(t, teamMember, 'GET', `/api/rooms/site/${x.siteId}/0`)).json())).toEqual(expect.arrayContaining([x.visible, x.restricted, closedRoom.Id]));
    expect((await call(t, staff, 'GET', '/api/rooms/site/999999/0')).statusCode).toBe(404);
  });
  it('booking lists are empty when the site has room booking off', async () => {
    const x = await location();
    await call(t, admin, 'POST', `/api/sites/${x.siteId}`, { RoomBookingEnabled: false });
    expect((await call(t, admin, 'GET', `/api/rooms/location/${x.locationId}/0`)).json()).toEqual([]);
  });
  it('GET /api/rooms/location/{id}/includeDisabled: everything, for admins only', async () => {
    const x = await location();
    const res = await call(t, admin, 'GET', `/api/rooms/location/${x.locationId}/includeDisabled`);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual([x.visible, x.restricted, x.hidden, x.disabled, x.clinical]);
    expect(res.json()[2]).toMatchObject({ Hidden: true });
    expect((await call(t, staff, 'GET', `/api/rooms/location/${x.locationId}/includeDisabled`)).statusCode).toBe(403);
    expect((await call(t, listed, 'GET', `/api/rooms/location/${x.locationId}/includeDisabled`)).statusCode).toBe(403);
    expect((await call(t, undefined, 'GET', `/api/rooms/location/${x.locationId}/includeDisabled`)).statusCode).toBe(401);
    expect((await call(t, admin, 'GET', '/api/rooms/location/999999/includeDisabled')).statusCode).toBe(404);
  });
});

describe('room approvers', () => {
  it('granting room admin makes a person a room approver (profile flag) who sees their rooms in byApprover', async () => {
    const person = await createUser(t);
    expect((await call(t, person, 'GET', '/api/settings')).json().Profile.RoomApprover).toBe(false);
    expect((await call(t, person, 'GET', '/api/rooms/byApprover')).statusCode).toBe(403);
    const hidden = await newPlace(t, admin, { RestrictRoomAccess: true, RoomAdminUsers: [person.id], Hidden: true });
    await newPlace(t, admin);
    expect((await call(t, person, 'GET', '/api/settings')).json().Profile.RoomApprover).toBe(true);
    const mine = await call(t, person, 'GET', '/api/rooms/byApprover');
    expect(mine.statusCode).toBe(200);
    expect(ids(mine.json())).toEqual([hidden.roomId]);
    expect(mine.json()[0]).toMatchObject({ IsRoomAdmin: true, Hidden: true, RoomAdminUsers: [{ Id: person.id }] });
  });
  it('byApprover includes rooms approved through a location and through a team', async () => {
    const person = await createUser(t);
    const team = await newTeam(t, [person.id]);
    const site = await newSite(t, admin);
    const viaLocation = await newLocation(t, admin, site.Id, { RestrictRoomAccess: true, RoomAdminUsers: [person.id] });
    const r1 = await newRoom(t, admin, viaLocation.Id, { Name: 'A' });
    const r2 = await newRoom(t, admin, viaLocation.Id, { Name: 'B' });
    const viaTeam = await newPlace(t, admin, { RestrictRoomAccess: true, RoomAdminTeams: [team] });
    expect(ids((await call(t, person, 'GET', '/api/rooms/byApprover')).json()).sort()).toEqual([r1.Id, r2.Id, viaTeam.roomId].sort());
    expect((await call(t, undefined, 'GET', '/api/rooms/byApprover')).statusCode).toBe(401);
  });
  it('a room approver edits their room but not another room', async () => {
    const approver = await createUser(t);
    const own = await newPlace(t, admin, { RestrictRoomAccess: true, RoomAdminUsers: [approver.id] });
    const other = await newPlace(t, admin);
    const res = await call(t, approver, 'POST', `/api/rooms/${own.roomId}`, { Name: 'Renamed', Capacity: 20, Equipment: 'TV', RoomAdminUsers: [approver.id, listed.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Name: 'Renamed', Capacity: 20, Equipment: 'TV' });
    expect(ids(res.json().RoomAdminUsers).sort()).toEqual([approver.id, listed.id].sort());
    expect((await call(t, approver, 'POST', `/api/rooms/${other.roomId}`, { Name: 'Mine now' })).statusCode).toBe(403);
    expect((await call(t, approver, 'POST', '/api/rooms/999999', { Name: 'x' })).statusCode).toBe(403);
  });
  it('a room approver cannot remove themselves, directly or by lifting the restriction', async () => {
    const approver = await createUser(t);
    const own = await newPlace(t, admin, { RestrictRoomAccess: true, RoomAdminUsers: [approver.id, listed.id] });
    const removeSelf = await call(t, approver, 'POST', `/api/rooms/${own.roomId}`, { RoomAdminUsers: [listed.id] });
    expect(removeSelf.statusCode).toBe(403);
    expect(removeSelf.json()).toEqual({ Error: CANNOT_REMOVE_SELF, Code: 'FORBIDDEN' });
    expect(CANNOT_REMOVE_SELF).toMatch(/contact the system administrator/);
    const liftRestriction = await call(t, approver, 'POST', `/api/rooms/${own.roomId}`, { RestrictRoomAccess: false });
    expect(liftRestriction.statusCode).toBe(403);
    const info = (await call(t, admin, 'GET', `/api/rooms/${own.roomId}/info`)).json();
    expect(ids(info.RoomAdminUsers).sort()).toEqual([approver.id, listed.id].sort());
    expect(info.RestrictRoomAccess).toBe(true);
  });
  it('a room approver through the location may clear the room list; an admin may remove anyone', async () => {
    const approver = await createUser(t);
    const site = await newSite(t, admin);
    const location = await newLocation(t, admin, site.Id, { RestrictRoomAccess: true, RoomAdminUsers: [approver.id] });
    const room = await newRoom(t, admin, location.Id, { RestrictRoomAccess: true, RoomAdminUsers: [listed.id] });
    expect((await call(t, approver, 'POST', `/api/rooms/${room.Id}`, { RestrictRoomAccess: false })).statusCode).toBe(200);
    const p = await newPlace(t, admin, { RestrictRoomAccess: true, RoomAdminUsers: [listed.id] });
    const res = await call(t, admin, 'POST', `/api/rooms/${p.roomId}`, { RoomAdminUsers: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json().RoomAdminUsers).toEqual([]);
  });
  it('a room approver cannot move the room to another location', async () => {
    const approver = await createUser(t);
    const own = await newPlace(t, admin, { RestrictRoomAccess: true, RoomAdminUsers: [approver.id] });
    const elsewhere = await newPlace(t, admin);
    const res = await call(t, approver, 'POST', `/api/rooms/${own.roomId}`, { LocationId: elsewhere.locationId });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/rooms/{id} (admin update)', () => {
  it('keeps fields not sent, applies the rules, moves rooms, answers 404; staff 403, signed out 401', async () => {
    const p = await newPlace(t, admin, { Capacity: 6, Equipment: 'Phone' });
    const ok = await call(t, admin, 'POST', `/api/rooms/${p.roomId}`, { Hidden: true, RoomBookingConstraint: { Number: 2, Type: 1, ResourceType: 1 } });
    expect(ok.json()).toMatchObject({ Hidden: true, Capacity: 6, Equipment: 'Phone', RoomBookingConstraint: { Number: 2, Type: 1 } });
    expect((await call(t, admin, 'POST', `/api/rooms/${p.roomId}`, { Name: '' })).json().Error).toBe('Room Name is mandatory');
    expect((await call(t, admin, 'POST', `/api/rooms/${p.roomId}`, { Capacity: 901 })).json().Error).toBe('Capacity must be a whole number from 1 to 900');
    const elsewhere = await newPlace(t, admin);
    const moved = await call(t, admin, 'POST', `/api/rooms/${p.roomId}`, { LocationId: elsewhere.locationId });
    expect(moved.json()).toMatchObject({ LocationId: elsewhere.locationId, SiteId: elsewhere.siteId });
    expect((await call(t, admin, 'POST', '/api/rooms/999999', { Name: 'x' })).statusCode).toBe(404);
    expect((await call(t, staff, 'POST', `/api/rooms/${p.roomId}`, { Name: 'x' })).statusCode).toBe(403);
    expect((await call(t, undefined, 'POST', `/api/rooms/${p.roomId}`, { Name: 'x' })).statusCode).toBe(401);
  });
});

describe('CheckInShowsDescriptions (issue 18: meeting descriptions on the check-in page)', () => {
  const column = async (roomId: number) =>
    (await t.pool.query('SELECT check_in_shows_descriptions AS v FROM rooms WHERE id = $1', [roomId])).rows[0].v;

  it('is off by default, is saved when an admin turns it on, and kept when not sent', async () => {
    const p = await newPlace(t, admin);
    expect((await call(t, admin, 'GET', `/api/rooms/${p.roomId}/info`)).json().CheckInShowsDescriptions).toBe(false);
    const on = await call(t, admin, 'POST', `/api/rooms/${p.roomId}`, { CheckInShowsDescriptions: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().CheckInShowsDescriptions).toBe(true);
    expect(await column(p.roomId)).toBe(true);
    expect((await call(t, admin, 'POST', `/api/rooms/${p.roomId}`, { Notes: 'Other change' })).json().CheckInShowsDescriptions).toBe(true);
    expect((await call(t, admin, 'POST', `/api/rooms/${p.roomId}`, { CheckInShowsDescriptions: false })).json().CheckInShowsDescriptions).toBe(false);
    const created = await call(t, admin, 'POST', '/api/rooms', { LocationId: p.locationId, Name: 'Open', RoomType: 0, Capacity: 4, CheckInShowsDescriptions: true });
    expect(created.json().CheckInShowsDescriptions).toBe(true);
  });

  it('only admins and room admins of this room may change it', async () => {
    const approver = await createUser(t);
    // a restricted room cannot show descriptions: the approver's own room is a location-approved, unrestricted one
    const site = await newSite(t, admin);
    const location = await newLocation(t, admin, site.Id, { RestrictRoomAccess: true, RoomAdminUsers: [approver.id] });
    const own = await newRoom(t, admin, location.Id);
    const other = await newPlace(t, admin);
    const mine = await call(t, approver, 'POST', `/api/rooms/${own.Id}`, { CheckInShowsDescriptions: true });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().CheckInShowsDescriptions).toBe(true);
    expect((await call(t, approver, 'POST', `/api/rooms/${other.roomId}`, { CheckInShowsDescriptions: true })).statusCode).toBe(403);
    expect((await call(t, staff, 'POST', `/api/rooms/${other.roomId}`, { CheckInShowsDescriptions: true })).statusCode).toBe(403);
    expect((await call(t, undefined, 'POST', `/api/rooms/${other.roomId}`, { CheckInShowsDescriptions: true })).statusCode).toBe(401);
    expect(await column(other.roomId)).toBe(false);
  });

  it('is refused for clinical and restricted rooms, and turned off when a room becomes one', async () => {
    const clinical = await newPlace(t, admin, { RoomType: 1 });
    const refused = await call(t, admin, 'POST', `/api/rooms/${clinical.roomId}`, { CheckInShowsDescriptions: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ Error: NO_PUBLIC_DESCRIPTIONS, Code: 'BAD_INPUT', Errors: { CheckInShowsDescriptions: NO_PUBLIC_DESCRIPTIONS } });
    const restricted = await newPlace(t, admin, { RestrictRoomAccess: true, RoomAdminUsers: [listed.id] });
    expect((await call(t, admin, 'POST', `/api/rooms/${restricted.roomId}`, { CheckInShowsDescriptions: true })).statusCode).toBe(400);
    expect((await call(t, admin, 'POST', '/api/rooms', {
      LocationId: clinical.locationId, Name: 'C', RoomType: 1, Capacity: 2, CheckInShowsDescriptions: true,
    })).statusCode).toBe(400);
    expect(await column(clinical.roomId)).toBe(false);

    const open = await newPlace(t, admin, { CheckInShowsDescriptions: true });
    expect(await column(open.roomId)).toBe(true);
    expect((await call(t, admin, 'POST', `/api/rooms/${open.roomId}`, { RoomType: 1 })).json().CheckInShowsDescriptions).toBe(false);
    await call(t, admin, 'POST', `/api/rooms/${open.roomId}`, { RoomType: 0, CheckInShowsDescriptions: true });
    const nowRestricted = await call(t, admin, 'POST', `/api/rooms/${open.roomId}`, { RestrictRoomAccess: true, RoomAdminUsers: [listed.id] });
    expect(nowRestricted.json()).toMatchObject({ RestrictRoomAccess: true, CheckInShowsDescriptions: false });
    // and the database refuses it whatever writes the row
    await expect(t.pool.query('UPDATE rooms SET check_in_shows_descriptions = true WHERE id = $1', [clinical.roomId])).rejects.toThrow(/check_in_descriptions/);
  });

  it.each([['yes'], [1], ['true'], [{}]])('refuses %j (400)', async (value) => {
    const p = await newPlace(t, admin);
    const res = await call(t, admin, 'POST', `/api/rooms/${p.roomId}`, { CheckInShowsDescriptions: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().Code).toBe('BAD_INPUT');
    expect(await column(p.roomId)).toBe(false);
  });
});

describe('DELETE /api/rooms/{id}', () => {
  it('is refused with the count while active future bookings exist', async () => {
    const p = await newPlace(t, admin);
    await insertRoomBooking(t, { ...p, userId: staff.id, start: hoursFromNow(2), finish: hoursFromNow(3), status: 0 });
    const res = await call(t, admin, 'DELETE', `/api/rooms/${p.roomId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().Error).toBe('This room cannot be deleted: it has 1 active future booking. Cancel it first.');
  });
  it('soft-deletes a room with only past or inactive bookings; the bookings keep it', async () => {
    const p = await newPlace(t, admin);
    await insertRoomBooking(t, { ...p, userId: staff.id, start: hoursFromNow(-3), finish: hoursFromNow(-2), status: 1 });
    await insertRoomBooking(t, { ...p, userId: staff.id, start: hoursFromNow(2), finish: hoursFromNow(3), status: 3 });
    expect((await call(t, admin, 'DELETE', `/api/rooms/${p.roomId}`)).statusCode).toBe(204);
    expect((await call(t, admin, 'GET', `/api/rooms/${p.roomId}/info`)).statusCode).toBe(404);
    const { rows } = await t.pool.query('SELECT count(*)::int AS n FROM bookings WHERE room_id = $1', [p.roomId]);
    expect(rows[0].n).toBe(2);
  });
  it('is refused for staff and room approvers (403) and signed out (401)', async () => {
    const p = await newPlace(t, admin, { RestrictRoomAccess: true, RoomAdminUsers: [listed.id] });
    expect((await call(t, staff, 'DELETE', `/api/rooms/${p.roomId}`)).statusCode).toBe(403);
    expect((await call(t, listed, 'DELETE', `/api/rooms/${p.roomId}`)).statusCode).toBe(403);
    expect((await call(t, undefined, 'DELETE', `/api/rooms/${p.roomId}`)).statusCode).toBe(401);
  });
});

describe('roomAdvanceLimit (for the room booking work)', () => {
  it('takes the room, else the location, else the site, else the global room constraint, in the site time zone', async () => {
    const { roomAdvanceLimit } = await import('../orgAccess/orgAccess.repo.js');
    const site = await newSite(t, admin, { TimeZone: 'Europe/London', BookingConstraints: [{ Number: 2, Type: 1, ResourceType: 1 }] });
    const location = await newLocation(t, admin, site.Id);
    const room = await newRoom(t, admin, location.Id);
    const bySite = await roomAdvanceLimit(t.pool, room.Id, ORG_SETUP_NOW);
    expect(bySite).toMatchObject({ constraint: { Number: 2, Type: 1 }, timeZone: 'Europe/London' });
    expect(bySite!.limit!.toISOString()).toBe('2031-03-24T23:59:59.999Z');
    await call(t, admin, 'POST', `/api/locations/${location.Id}`, { RoomBookingConstraint: { Number: 1, Type: 2, ResourceType: 1 } });
    expect((await roomAdvanceLimit(t.pool, room.Id, ORG_SETUP_NOW))!.constraint).toMatchObject({ Number: 1, Type: 2 });
    await call(t, admin, 'POST', `/api/rooms/${room.Id}`, { RoomBookingConstraint: { Number: 3, Type: 1, ResourceType: 1 } });
    expect((await roomAdvanceLimit(t.pool, room.Id, ORG_SETUP_NOW))!.constraint).toMatchObject({ Number: 3, Type: 1 });
    expect(await roomAdvanceLimit(t.pool, 999999, ORG_SETUP_NOW)).toBeUndefined();
  });
});
