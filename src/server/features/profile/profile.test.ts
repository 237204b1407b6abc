import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES, PROFILE_MESSAGES } from '../../../domain/adminRules.js';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { call } from '../orgAccess/orgTestKit.js';
import { HIDE_NAME_MESSAGE } from './profile.service.js';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let me: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  me = await createUser(t, { email: 'me@example.org', name: 'Me Before' });
});
afterAll(() => t.dropDatabase());

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]).toString('base64');
const valid = { FullName: 'Mary Smith', Organisation: 'Health Board', Phone: '01234 567890', UseTeams: true };
const save = (body: unknown, who: TestUser | null = me) => call(t, who ?? undefined, 'POST', '/api/users/me', body);
const profile = async (who: TestUser = me) => (await call(t, who, 'GET', '/api/settings')).json().Profile;
const row = async () => (await t.pool.query('SELECT full_name, email, organisation, phone, use_teams, photo_type, photo_data FROM users WHERE id = $1', [me.id])).rows[0];

describe('POST /api/users/me saves', () => {
  it('answers { Success: true } and the profile shows the change (trimmed)', async () => {
    const res = await save({ ...valid, FullName: '  Mary Smith ', Phone: ' 01234 567890 ', UseTeams: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Success: true });
    expect(await profile()).toMatchObject({ FullName: 'Mary Smith', Organisation: 'Health Board', Phone: '01234 567890', UseTeams: false, Email: 'me@example.org' });
  });

  it('keys match in any case', async () => {
    expect((await save({ fullname: 'Lower Case', organisation: 'Org', PHONE: '1', useteams: true })).statusCode).toBe(200);
    expect(await row()).toMatchObject({ full_name: 'Lower Case', organisation: 'Org', phone: '1', use_teams: true });
  });

  it('leaves e-mail, roles, teams and tags alone whatever the body says', async () => {
    const team = (await t.pool.query<{ id: number }>("INSERT INTO teams (name) VALUES ('Not Mine') RETURNING id")).rows[0]!.id;
    const res = await save({ ...valid, Email: 'hijack@example.org', Roles: [{ Id: 1, Name: 'Admin' }], Teams: [{ Id: team }], Tags: [{ Id: 1 }], Id: 1 });
    expect(res.statusCode).toBe(200);
    const p = await profile();
    expect(p).toMatchObject({ Email: 'me@example.org', Roles: [], Teams: [], Tags: [] });
    expect((await t.pool.query('SELECT 1 FROM user_roles WHERE user_id = $1', [me.id])).rowCount).toBe(0);
  });

  it('works for any signed-in person, whatever their roles', async () => {
    for (const roles of [[], ['Reporting'], ['Booking Manager'], ['Admin']] as const) {
      const who = await createUser(t, { roles: [...roles] });
      expect((await save(valid, who)).json()).toEqual({ Success: true });
    }
  });

  it('answers 401 when signed out', async () => {
    const res = await save(valid, null);
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/users/me validation (Success false, the rule\'s message as Error)', () => {
  it.each([
    ['an empty full name', { FullName: '' }, 'FullName', PROFILE_MESSAGES.FullName],
    ['a blank full name', { FullName: '   ' }, 'FullName', PROFILE_MESSAGES.FullName],
    ['no full name', { FullName: undefined }, 'FullName', PROFILE_MESSAGES.FullName],
    ['an empty organisation', { Organisation: '' }, 'Organisation', PROFILE_MESSAGES.Organisation],
    ['a blank phone', { Phone: ' ' }, 'Phone', PROFILE_MESSAGES.Phone],
    ['a phone that is not text', { Phone: 12345 }, 'Phone', PROFILE_MESSAGES.Phone],
    ['no Teams flag', { UseTeams: undefined }, 'UseTeams', PROFILE_MESSAGES.UseTeams],
    ['a Teams flag that is not true or false', { UseTeams: 'yes' }, 'UseTeams', PROFILE_MESSAGES.UseTeams],
    ['a Teams flag of null', { UseTeams: null }, 'UseTeams', PROFILE_MESSAGES.UseTeams],
    ['a full name over 200 characters', { FullName: 'n'.repeat(201) }, 'FullName', 'Full name must be at most 200 characters'],
    ['a photo that is SVG', { Photo: { Type: 'image/svg+xml', Data: Buffer.from('<svg/>').toString('base64') } }, 'Photo', PHOTO_MESSAGES.type],
    ['a photo that is a PDF', { Photo: { Type: 'application/pdf', Data: 'JVBERi0=' } }, 'Photo', PHOTO_MESSAGES.type],
    ['a photo whose data is not its type', { Photo: { Type: 'image/png', Data: JPEG } }, 'Photo', PHOTO_MESSAGES.data],
    ['a photo that is not base64', { Photo: { Type: 'image/png', Data: 'not base64 at all!' } }, 'Photo', PHOTO_MESSAGES.data],
    ['a photo that is not an object', { Photo: 'picture.png' }, 'Photo', PHOTO_MESSAGES.data],
    ['a photo over 256 KB', { Photo: { Type: 'image/png', Data: Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(300 * 1024)]).toString('base64') } }, 'Photo', PHOTO_MESSAGES.size],
  ])('refuses %s with 400 and keeps the saved profile', async (_n, change, field, message) => {
    expect((await save(valid)).statusCode).toBe(200);
    const before = await row();
    const res = await save({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ Success: false, Error: message, Code: 'BAD_INPUT' });
    expect(body.Errors[field]).toBe(message);
    expect(await row()).toEqual(before);
  });

  it('names every broken rule in Errors (the first as Error)', async () => {
    const res = await save({ FullName: '', Organisation: '', Phone: '' });
    expect(res.json()).toEqual({
      Success: false, Error: PROFILE_MESSAGES.FullName, Code: 'BAD_INPUT',
      Errors: { FullName: PROFILE_MESSAGES.FullName, Organisation: PROFILE_MESSAGES.Organisation, Phone: PROFILE_MESSAGES.Phone, UseTeams: PROFILE_MESSAGES.UseTeams },
    });
  });
});

describe('profile photo', () => {
  it('stores a small PNG, shows it in the profile and in GET /api/users/{id}', async () => {
    expect((await save({ ...valid, Photo: { Type: 'image/png', Data: PNG } })).statusCode).toBe(200);
    expect((await profile()).Photo).toEqual({ Type: 'image/png', Data: PNG });
    expect((await call(t, me, 'GET', `/api/users/${me.id}`)).json().Photo).toEqual({ Type: 'image/png', Data: PNG });
  });

  it('accepts a data: URL (and image/jpg for JPEG)', async () => {
    expect((await save({ ...valid, Photo: { Type: 'image/jpg', Data: `data:image/jpeg;base64,${JPEG}` } })).statusCode).toBe(200);
    expect((await profile()).Photo).toEqual({ Type: 'image/jpeg', Data: JPEG });
  });

  it('keeps the photo when Photo is absent and removes it when Photo is null', async () => {
    await save({ ...valid, Photo: { Type: 'image/png', Data: PNG } });
    await save(valid);
    expect((await profile()).Photo).toEqual({ Type: 'image/png', Data: PNG });
    await save({ ...valid, Photo: null });
    expect((await profile()).Photo).toBeNull();
  });
});

describe('hiding my name on the desk map (HideNameOnMap)', () => {
  const hidden = async () => (await t.pool.query('SELECT hide_name_on_map FROM users WHERE id = $1', [me.id])).rows[0].hide_name_on_map;

  it('is off until the person turns it on; the profile shows the choice; leaving it out keeps it', async () => {
    await save({ ...valid, HideNameOnMap: false });
    expect((await profile()).HideNameOnMap).toBe(false);
    expect((await save({ ...valid, hidenameonmap: true })).statusCode).toBe(200);
    expect(await hidden()).toBe(true);
    expect((await profile()).HideNameOnMap).toBe(true);
    await save(valid);
    expect(await hidden()).toBe(true);
    await save({ ...valid, HideNameOnMap: false });
    expect(await hidden()).toBe(false);
  });

  it('refuses a value that is not true or false with 400 and keeps the choice', async () => {
    const res = await save({ ...valid, HideNameOnMap: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Success: false, Code: 'BAD_INPUT', Errors: { HideNameOnMap: HIDE_NAME_MESSAGE } });
    expect(await hidden()).toBe(false);
  });

  it('is shown only in the person\'s own profile, not in what others read about them', async () => {
    const other = await createUser(t);
    expect((await call(t, other, 'GET', `/api/users/${me.id}`)).json()).not.toHaveProperty('HideNameOnMap');
  });
});
