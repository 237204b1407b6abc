import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/testApp.js';
import { hoursFromNow, withOrgSetupCast, type OrgSetupCast } from '../../testing/orgSetupTestKit.js';
import { call, ids, insertRoomBooking, newLocation, newPlace, newSite } from '../orgAccess/orgTestKit.js';

let t: OrgSetupCast['t'], admin: TestUser, staff: TestUser, listed: TestUser, teamMember: TestUser, teamId: number;
withOrgSetupCast((cast) => ({ t, admin, staff, listed, teamMember, teamId } = cast));

describe('POST /api/locations/site/{siteId} (create)', () => {
  it('creates a location with building, check-ins, restrictions and constraints', async () => {
    const site = await newSite(t, admin, { RoomCheckIns: true });
    const res = await call(t, admin, 'POST', `/api/locations/site/${site.Id}`, {
      Title: ' Main Building ', BuildingNameNo: 'B2', RestrictRoomAccess: true, RoomAdminUsers: [listed.id], RoomAdminTeams: [teamId],
      BookingConstraints: [{ Number: '', Type: 1, ResourceType: 2 }], RoomBookingConstraint: { Number: 2, Type: 2, ResourceType: 1 },
    });
    expect(res.statusCode).toBe(201);
    const l = res.json();
    expect(l).toMatchObject({
      SiteId: site.Id, SiteName: site.Title, Title: 'Main Building', BuildingNameNo: 'B2', BuildingNo: 'B2',
      RoomCheckIns: true, RoomCheckInsSetting: null, RestrictRoomAccess: true, RestrictDeskAccess: false,
      RoomAdminUsers: [{ Id: listed.id, FullName: 'Listed Person', Email: listed.email }], DeskAccessUsers: [], TimeZone: 'Europe/London',
      DeskBookingConstraint: { Number: 0, Type: 1, ResourceType: 2, LocationId: l.Id, SiteId: null, RoomId: null },
      RoomBookingConstraint: { Number: 2, Type: 2, ResourceType: 1 },
    });
    expect(ids(l.RoomAdminTeams)).toEqual([teamId]);
    expect(l.BookingConstraints).toHaveLength(2);
  });
  it("refuses a missing title with 'Title is mandatory'", async () => {
    const site = await newSite(t, admin);
    const res = await call(t, admin, 'POST', `/api/locations/site/${site.Id}`, { Title: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Error: 'Title is mandatory', Code: 'BAD_INPUT', Errors: { Title: 'Title is mandatory' } });
  });
  it('answers 404 for an unknown or deleted site', async () => {
    expect((await call(t, admin, 'POST', '/api/locations/site/999999', { Title: 'x' })).statusCode).toBe(404);
    const site = await newSite(t, admin);
    await call(t, admin, 'DELETE', `/api/sites/${site.Id}`);
    expect((await call(t, admin, 'POST', `/api/locations/site/${site.Id}`, { Title: 'x' })).statusCode).toBe(404);
  });
  it('is refused for staff (403) and signed out (401)', async () => {
    const site = await newSite(t, admin);
    expect((await call(t, staff, 'POST', `/api/locations/site/${site.Id}`, { Title: 'x' })).statusCode).toBe(403);
    expect((await call(t, undefined, 'POST', `/api/locations/site/${site.Id}`, { Title: 'x' })).statusCode).toBe(401);
  });
});

describe('POST /api/locations/{id} (update)', () => {
  it('keeps fields not sent; a single constraint field replaces that type only; null removes it', async () => {
    const site = await newSite(t, admin);
    const l = await newLocation(t, admin, site.Id, { BuildingNameNo: '7', BookingConstraints: [{ Number: 1, Type: 1, ResourceType: 1 }, { Number: 4, Type: 1, ResourceType: 2 }] });
    const res = await call(t, admin, 'POST', `/api/locations/${l.Id}`, { Title: 'New name', RoomBookingConstraint: { Number: 6, Type: 3, ResourceType: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Title: 'New name', BuildingNameNo: '7', RoomBookingConstraint: { Number: 6, Type: 3 }, DeskBookingConstraint: { Number: 4 } });
    const removed = await call(t, admin, 'POST', `/api/locations/${l.Id}`, { DeskBookingConstraint: null });
    expect(removed.json().DeskBookingConstraint).toBeNull();
    expect(removed.json().BookingConstraints).toHaveLength(1);
  });
  it('check-ins: sending back the inherited value keeps inheriting; a different value is saved', async () => {
    const site = await newSite(t, admin, { RoomCheckIns: true });
    const l = await newLocation(t, admin, site.Id);
    const same = await call(t, admin, 'POST', `/api/locations/${l.Id}`, { RoomCheckIns: true });
    expect(same.json()).toMatchObject({ RoomCheckIns: true, RoomCheckInsSetting: null });
    const off = await call(t, admin, 'POST', `/api/locations/${l.Id}`, { RoomCheckIns: false });
    expect(off.json()).toMatchObject({ RoomCheckIns: false, RoomCheckInsSetting: false });
  });
  it('turning room restriction off clears the room admin lists and keeps desk access', async () => {
    const site = await newSite(t, admin);
    const l = await newLocation(t, admin, site.Id, { RestrictRoomAccess: true, RoomAdminUsers: [listed.id], RestrictDeskAccess: true, DeskAccessUsers: [listed.id] });
    const res = await call(t, admin, 'POST', `/api/locations/${l.Id}`, { RestrictRoomAccess: false });
    expect(res.json()).toMatchObject({ RestrictRoomAccess: false, RoomAdminUsers: [], RoomAdminTeams: [] });
    expect(ids(res.json().DeskAccessUsers)).toEqual([listed.id]);
    const desksOff = await call(t, admin, 'POST', `/api/locations/${l.Id}`, { RestrictDeskAccess: false });
    expect(desksOff.json().DeskAccessUsers).toEqual([]);
  });
  it("applies 'Title is mandatory', answers 404, 403 for staff, 401 signed out", async () => {
    const site = await newSite(t, admin);
    const l = await newLocation(t, admin, site.Id);
    expect((await call(t, admin, 'POST', `/api/locations/${l.Id}`, { Title: '' })).json().Error).toBe('Title is mandatory');
    expect((await call(t, admin, 'POST', '/api/locations/999999', { Title: 'x' })).statusCode).toBe(404);
    expect((await call(t, staff, 'POST', `/api/locations/${l.Id}`, { Title: 'x' })).statusCode).toBe(403);
    expect((await call(t, undefined, 'POST', `/api/locations/${l.Id}`, { Title: 'x' })).statusCode).toBe(401);
  });
});

describe('GET /api/locations/site/{siteId}', () => {
  it('lists every location for admins, with access lists', async () => {
    const site = await newSite(t, admin);
    const open = await newLocation(t, admin, site.Id, { Title: 'A open' });
    const closed = await newLocation(t, admin, site.Id, { Title: 'B closed', RestrictRoomAccess: true, RoomAdminUsers: [listed.id] });
    const res = await call(t, admin, 'GET', `/api/locations/site/${site.Id}`);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual([open.Id, closed.Id]);
    expect(ids(res.json()[1].RoomAdminUsers)).toEqual([listed.id]);
  });
  it('leaves a room-restricted location out for staff, shows it to a listed person and a listed team member, without lists', async () => {
    const site = await newSite(t, admin);
    const open = await newLocation(t, admin, site.Id, { Title: 'A open' });
    const closed = await newLocation(t, admin, site.Id, { Title: 'B closed', RestrictRoomAccess: true, RoomAdminUsers: [listed.id], RoomAdminTeams: [teamId] });
    expect(ids((await call(t, staff, 'GET', `/api/locations/site/${site.Id}`)).json())).toEqual([open.Id]);
    const forListed = (await call(t, listed, 'GET', `/api/locations/site/${site.Id}`)).json();
    expect(ids(forListed)).toEqual([open.Id, closed.Id]);
    expect(forListed[1].RoomAdminUsers).toEqual([]);
    expect(ids((await call(t, teamMember, 'GET', `/api/locations/site/${site.Id}`)).json())).toEqual([open.Id, closed.Id]);
  });
  it('leaves everything out for staff when the site is room-restricted', async () => {
    const site = await newSite(t, admin, { RestrictRoomAccess: true, RoomAdminTeams: [teamId] });
    await newLocation(t, admin, site.Id);
    expect((await call(t, staff, 'GET', `/api/locations/site/${site.Id}`)).json()).toEqual([]);
    expect((await call(t, teamMember, 'GET', `/api/locations/site/${site.Id}`)).json()).toHaveLength(1);
  });
  it('answers 404 for an unknown site and 401 signed out', async () => {
    expect((await call(t, staff, 'GET', '/api/locations/site/999999')).statusCode).toBe(404);
    expect((await call(t, undefined, 'GET', '/api/locations/site/1')).statusCode).toBe(401);
  });
});

describe('GET /api/locations/site/{siteId}/desks', () => {
  async function floorplan(locationId: number, published: boolean) {
    const { rows } = await t.pool.query<{ id: number }>("INSERT INTO floorplans (location_id, name) VALUES ($1, 'Floor') RETURNING id", [locationId]);
    await t.pool.query("INSERT INTO layouts (floorplan_id, json, published) VALUES ($1, '{}', $2)", [rows[0]!.id, published]);
  }
  it('lists only locations with a published floorplan where the caller may book desks', async () => {
    const site = await newSite(t, admin);
    const published = await newLocation(t, admin, site.Id, { Title: 'A' });
    await floorplan(published.Id, true);
    const draft = await newLocation(t, admin, site.Id, { Title: 'B' });
    await floorplan(draft.Id, false);
    const restricted = await newLocation(t, admin, site.Id, { Title: 'C', RestrictDeskAccess: true, DeskAccessUsers: [listed.id], DeskAccessTeams: [teamId] });
    await floorplan(restricted.Id, true);
    expect(ids((await call(t, staff, 'GET', `/api/locations/site/${site.Id}/desks`)).json())).toEqual([published.Id]);
    expect(ids((await call(t, listed, 'GET', `/api/locations/site/${site.Id}/desks`)).json())).toEqual([published.Id, restricted.Id]);
    expect(ids((await call(t, teamMember, 'GET', `/api/locations/site/${site.Id}/desks`)).json())).toEqual([published.Id, restricted.Id]);
    expect(ids((await call(t, admin, 'GET', `/api/locations/site/${site.Id}/desks`)).json())).toEqual([published.Id, restricted.Id]);
  });
  it('is empty when the site has desk booking off', async () => {
    const site = await newSite(t, admin, { DeskBookingEnabled: false });
    await floorplan((await newLocation(t, admin, site.Id)).Id, true);
    expect((await call(t, staff, 'GET', `/api/locations/site/${site.Id}/desks`)).json()).toEqual([]);
  });
});

describe('DELETE /api/locations/{id}', () => {
  it('is refused with the count while active future bookings exist, and allowed with past ones only', async () => {
    const p = await newPlace(t, admin);
    await insertRoomBooking(t, { ...p, userId: staff.id, start: hoursFromNow(24), finish: hoursFromNow(25), status: 1 });
    const refused = await call(t, admin, 'DELETE', `/api/locations/${p.locationId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().Error).toBe('This location cannot be deleted: it has 1 active future booking. Cancel it first.');

    const q = await newPlace(t, admin);
    await insertRoomBooking(t, { ...q, userId: staff.id, start: hoursFromNow(-24), finish: hoursFromNow(-23), status: 1 });
    await insertRoomBooking(t, { ...q, userId: staff.id, start: hoursFromNow(24), finish: hoursFromNow(25), status: 2 });
    expect((await call(t, admin, 'DELETE', `/api/locations/${q.locationId}`)).statusCode).toBe(204);
    expect(ids((await call(t, admin, 'GET', `/api/locations/site/${q.siteId}`)).json())).not.toContain(q.locationId);
    expect((await call(t, admin, 'GET', `/api/rooms/${q.roomId}/info`)).statusCode).toBe(404);
  });
  it('is refused for staff (403) and signed out (401); 404 when unknown', async () => {
    const site = await newSite(t, admin);
    const l = await newLocation(t, admin, site.Id);
    expect((await call(t, staff, 'DELETE', `/api/locations/${l.Id}`)).statusCode).toBe(403);
    expect((await call(t, undefined, 'DELETE', `/api/locations/${l.Id}`)).statusCode).toBe(401);
    expect((await call(t, admin, 'DELETE', '/api/locations/999999')).statusCode).toBe(404);
  });
});
