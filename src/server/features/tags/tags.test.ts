import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { call, ids, newPlace } from '../orgAccess/orgTestKit.js';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let admin: TestUser, staff: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t, { roles: ['Admin'] });
  staff = await createUser(t);
});
afterAll(() => t.dropDatabase());

const create = async (body: Record<string, unknown>) => call(t, admin, 'POST', '/api/tags', body);

describe('POST /api/tags (create) and /api/tags/{id} (update)', () => {
  it('creates a tag; an empty tooltip is allowed', async () => {
    const res = await create({ Label: ' Standing desk ', Tooltip: '', Type: 2 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ Id: expect.any(Number), Label: 'Standing desk', Tooltip: '', Type: 2 });
    expect((await create({ label: 'Projector', tooltip: 'Has a projector', type: '3' })).json()).toMatchObject({ Type: 3, Tooltip: 'Has a projector' });
  });
  it.each([[undefined], [0], [6], ['desk'], [null]])("refuses the type %j with 'Select a tag type'", async (Type) => {
    const res = await create({ Label: 'X', Type });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Error: 'Select a tag type', Code: 'BAD_INPUT', Errors: { Type: 'Select a tag type' } });
  });
  it('refuses an empty label and a duplicate label of the same type', async () => {
    expect((await create({ Label: ' ', Type: 1 })).json()).toMatchObject({ Error: 'Label is mandatory' });
    await create({ Label: 'First aider', Type: 1 });
    const dup = await create({ Label: 'First aider', Type: 1 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().Error).toBe('A tag with this label and type already exists.');
    expect((await create({ Label: 'First aider', Type: 5 })).statusCode).toBe(201);
  });
  it('updates a tag, keeping what is not sent', async () => {
    const tag = (await create({ Label: 'Quiet', Tooltip: 'Quiet zone', Type: 4 })).json();
    const res = await call(t, admin, 'POST', `/api/tags/${tag.Id}`, { Label: 'Quiet area' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Id: tag.Id, Label: 'Quiet area', Tooltip: 'Quiet zone', Type: 4 });
    expect((await call(t, admin, 'POST', `/api/tags/${tag.Id}`, { Type: 9 })).json().Error).toBe('Select a tag type');
    expect((await call(t, admin, 'POST', '/api/tags/999999', { Label: 'x', Type: 1 })).statusCode).toBe(404);
  });
  it('is refused for staff (403) and signed out (401)', async () => {
    expect((await call(t, staff, 'POST', '/api/tags', { Label: 'x', Type: 1 })).statusCode).toBe(403);
    expect((await call(t, undefined, 'POST', '/api/tags', { Label: 'x', Type: 1 })).statusCode).toBe(401);
    expect((await call(t, staff, 'POST', '/api/tags/1', { Label: 'x' })).statusCode).toBe(403);
  });
});

describe('tag searches', () => {
  beforeAll(async () => {
    await create({ Label: 'Window seat', Type: 2 });
    await create({ Label: 'Window room', Type: 3 });
    await create({ Label: 'Big window', Type: 3 });
    await create({ Label: '100%_literal', Type: 3 });
  });
  it('POST /api/tags/search finds labels containing the query, prefix matches first', async () => {
    const res = await call(t, staff, 'POST', '/api/tags/search', { query: 'window' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((x: { Label: string }) => x.Label)).toEqual(['Window room', 'Window seat', 'Big window']);
    expect((await call(t, staff, 'POST', '/api/tags/search', { Query: '%_' })).json().map((x: { Label: string }) => x.Label)).toEqual(['100%_literal']);
  });
  it('POST /api/tags/searchbytype narrows to one type', async () => {
    const res = await call(t, staff, 'POST', '/api/tags/searchbytype', { query: 'window', type: 3 });
    expect(res.json().map((x: { Label: string }) => x.Label)).toEqual(['Window room', 'Big window']);
    expect((await call(t, staff, 'POST', '/api/tags/searchbytype', { query: 'window', type: 8 })).statusCode).toBe(400);
  });
  it('GET /api/tags/byType/{type} lists a type', async () => {
    const res = await call(t, staff, 'GET', '/api/tags/byType/2');
    expect(res.json().every((x: { Type: number }) => x.Type === 2)).toBe(true);
    expect(res.json().map((x: { Label: string }) => x.Label)).toContain('Window seat');
    expect((await call(t, staff, 'GET', '/api/tags/byType/0')).statusCode).toBe(400);
  });
  it('searches need a signed-in caller', async () => {
    expect((await call(t, undefined, 'POST', '/api/tags/search', { query: 'w' })).statusCode).toBe(401);
    expect((await call(t, undefined, 'GET', '/api/tags/byType/2')).statusCode).toBe(401);
  });
});

describe('POST /api/tags/assign/{kind}/{id}', () => {
  it('replaces the tags of a room (kind by name or number) and of a person (shown on the profile)', async () => {
    const p = await newPlace(t, admin);
    const a = (await create({ Label: 'Screen', Type: 3 })).json();
    const b = (await create({ Label: 'Whiteboard', Type: 3 })).json();
    const res = await call(t, admin, 'POST', `/api/tags/assign/room/${p.roomId}`, [a.Id, { Id: b.Id, Label: 'Whiteboard' }]);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual([a.Id, b.Id]);
    expect(ids((await call(t, admin, 'POST', `/api/tags/assign/3/${p.roomId}`, [b.Id])).json())).toEqual([b.Id]);
    expect(ids((await call(t, staff, 'GET', `/api/tags/assigned/room/${p.roomId}`)).json())).toEqual([b.Id]);

    const u = (await create({ Label: 'Fire warden', Type: 1 })).json();
    expect((await call(t, admin, 'POST', `/api/tags/assign/user/${staff.id}`, [u.Id])).statusCode).toBe(200);
    expect((await call(t, staff, 'GET', '/api/settings')).json().Profile.Tags).toEqual([{ Id: u.Id, Label: 'Fire warden', Tooltip: '' }]);
    expect((await call(t, admin, 'POST', `/api/tags/assign/user/${staff.id}`, [])).json()).toEqual([]);
  });
  it('refuses a tag of another type, an unknown kind, desks, and unknown targets', async () => {
    const p = await newPlace(t, admin);
    const siteTag = (await create({ Label: 'Campus', Type: 5 })).json();
    const wrong = await call(t, admin, 'POST', `/api/tags/assign/room/${p.roomId}`, [siteTag.Id]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().Error).toBe('Every tag must exist and be of the matching tag type');
    expect((await call(t, admin, 'POST', `/api/tags/assign/site/${p.siteId}`, [siteTag.Id])).statusCode).toBe(200);
    expect((await call(t, admin, 'POST', `/api/tags/assign/floor/${p.roomId}`, [])).statusCode).toBe(400);
    expect((await call(t, admin, 'POST', `/api/tags/assign/desk/${p.roomId}`, [])).json().Error).toMatch(/saved with the floorplan layout/);
    expect((await call(t, admin, 'POST', '/api/tags/assign/location/999999', [])).statusCode).toBe(404);
  });
  it('is admin only: staff 403, signed out 401', async () => {
    const p = await newPlace(t, admin);
    expect((await call(t, staff, 'POST', `/api/tags/assign/room/${p.roomId}`, [])).statusCode).toBe(403);
    expect((await call(t, staff, 'POST', `/api/tags/assign/user/${staff.id}`, [])).statusCode).toBe(403);
    expect((await call(t, undefined, 'POST', `/api/tags/assign/room/${p.roomId}`, [])).statusCode).toBe(401);
  });
});
