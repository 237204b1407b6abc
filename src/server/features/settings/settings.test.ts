import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let admin: TestUser, staff: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t, { roles: ['Admin'] });
  staff = await createUser(t);
});
afterAll(() => t.dropDatabase());

const validSettings = {
  MaintenanceMode: true, RoomBookingEnabled: true, DeskBookingEnabled: false,
  GlobalDeskConstraint: { Number: 2, Type: 1, ResourceType: 2 },
  GlobalRoomConstraint: { Number: 3, Type: 2, ResourceType: 1 },
};

describe('GET /api/settings', () => {
  it('answers the settings, room kinds and the caller profile', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: staff.cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ MaintenanceMode: false, RoomBookingEnabled: true, DeskBookingEnabled: true, HasStandardRooms: false, HasClinicalRooms: false });
    expect(body.Profile).toMatchObject({ Id: staff.id, Email: staff.email, Roles: [], RoomApprover: false, SiteLvlAdmin: false });
  });
  it('is refused when signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ Error: 'Please sign in.', Code: 'NOT_SIGNED_IN' });
  });
});

describe('POST /api/settings', () => {
  it('is refused for a non-admin and changes nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/settings', headers: { cookie: staff.cookie }, payload: validSettings });
    expect(res.statusCode).toBe(403);
    const after = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: staff.cookie } });
    expect(after.json().MaintenanceMode).toBe(false);
  });
  it('refuses bad input with per-field errors and changes nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/settings', headers: { cookie: admin.cookie }, payload: { ...validSettings, MaintenanceMode: 'yes', GlobalDeskConstraint: { Number: 1.5, Type: 9, ResourceType: 2 } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().Code).toBe('BAD_INPUT');
    expect(Object.keys(res.json().Errors)).toEqual(expect.arrayContaining(['MaintenanceMode']));
    const after = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: admin.cookie } });
    expect(after.json().MaintenanceMode).toBe(false);
  });
  it('saves for an admin, with keys in any case, and an empty constraint number as 0', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/settings', headers: { cookie: admin.cookie },
      payload: { maintenancemode: true, roomBookingEnabled: true, DESKBOOKINGENABLED: false, GlobalDeskConstraint: { Number: '', Type: 1, ResourceType: 1 }, GlobalRoomConstraint: { Number: 3, Type: 2, ResourceType: 1 } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...validSettings, GlobalDeskConstraint: { Number: 0, Type: 1, ResourceType: 2 }, NamesOnMap: 'teammates' });
    const after = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: staff.cookie } });
    expect(after.json()).toMatchObject({ MaintenanceMode: true, DeskBookingEnabled: false });
  });
});

describe('names on the desk map (NamesOnMap)', () => {
  const get = async (who: TestUser) => (await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: who.cookie } })).json();
  const post = (who: TestUser, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/settings', headers: { cookie: who.cookie }, payload: body });

  it('is "teammates" until an admin changes it, and everyone can read it', async () => {
    expect((await get(staff)).NamesOnMap).toBe('teammates');
  });
  it('an admin sets each value; leaving it out keeps the saved one', async () => {
    for (const value of ['off', 'everyone', 'teammates'] as const) {
      const res = await post(admin, { ...validSettings, NamesOnMap: value });
      expect(res.statusCode).toBe(200);
      expect(res.json().NamesOnMap).toBe(value);
      expect((await get(staff)).NamesOnMap).toBe(value);
    }
    await post(admin, { ...validSettings, NamesOnMap: 'everyone' });
    expect((await post(admin, validSettings)).json().NamesOnMap).toBe('everyone');
    expect((await get(staff)).NamesOnMap).toBe('everyone');
  });
  it('refuses any other value with 400 naming the field, and a non-admin with 403', async () => {
    const bad = await post(admin, { ...validSettings, NamesOnMap: 'all' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors).toHaveProperty('NamesOnMap');
    expect((await post(staff, { ...validSettings, NamesOnMap: 'off' })).statusCode).toBe(403);
    expect((await get(staff)).NamesOnMap).toBe('everyone');
  });
});
