import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { call } from '../orgAccess/orgTestKit.js';
import { LAST_ADMIN_MESSAGE } from './userManagement.service.js';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let admin: TestUser, manager: TestUser, reporter: TestUser, staff: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t, { email: 'the.admin@example.org', name: 'The Admin', roles: ['Admin'] });
  manager = await createUser(t, { roles: ['Booking Manager'] });
  reporter = await createUser(t, { roles: ['Reporting'] });
  staff = await createUser(t);
});
afterAll(() => t.dropDatabase());

const rolesOf = async (userId: number) =>
  (await t.pool.query<{ role_id: number }>('SELECT role_id FROM user_roles WHERE user_id = $1 ORDER BY role_id', [userId])).rows.map((r) => r.role_id);
const adminCount = async () => (await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM user_roles WHERE role_id = 1')).rows[0]!.n;

describe('GET /api/roles', () => {
  it('answers every role, for any signed-in person', async () => {
    const res = await call(t, staff, 'GET', '/api/roles');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { Id: 1, Name: 'Admin' }, { Id: 2, Name: 'Reporting' }, { Id: 3, Name: 'Booking Manager' }, { Id: 4, Name: 'Not Restricted' },
    ]);
  });
  it('answers 401 when signed out', async () => {
    expect((await call(t, undefined, 'GET', '/api/roles')).statusCode).toBe(401);
  });
});


/** Everyone but an admin, with the status each gets from an admin-only call. */
const NON_ADMINS: [string, () => TestUser | undefined, number][] = [
  ['a Booking Manager', () => manager, 403],
  ['a Reporting user', () => reporter, 403],
  ['staff', () => staff, 403],
  ['a signed-out caller', () => undefined, 401],
];

describe('POST /api/users/{email}/roles', () => {
  it('replaces the roles and answers the updated profile; the e-mail matches in any case', async () => {
    const person = await createUser(t, { email: 'Role.Taker@example.org', name: 'Role Taker' });
    const res = await call(t, admin, 'POST', '/api/users/role.taker@EXAMPLE.org/roles', { RoleIds: [2, 3] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      Id: person.id, Email: 'Role.Taker@example.org', FullName: 'Role Taker',
      Roles: [{ Id: 2, Name: 'Reporting' }, { Id: 3, Name: 'Booking Manager' }],
    });
    expect(await rolesOf(person.id)).toEqual([2, 3]);
    // The person's very next call sees the new roles (no sign-in again needed) ...
    const search = await call(t, person, 'POST', '/api/bookings/searchDesks', { FromDate: '2030-01-01', ToDate: '2030-01-02' });
    expect(search.statusCode).toBe(200);
    // ... and a replacement removes what is not listed.
    const again = await call(t, admin, 'POST', '/api/users/Role.Taker@example.org/roles', { RoleIds: [4] });
    expect(again.json().Roles).toEqual([{ Id: 4, Name: 'Not Restricted' }]);
    expect((await call(t, person, 'POST', '/api/bookings/searchDesks', { FromDate: '2030-01-01', ToDate: '2030-01-02' })).statusCode).toBe(403);
    expect((await call(t, admin, 'POST', '/api/users/Role.Taker@example.org/roles', { RoleIds: [] })).json().Roles).toEqual([]);
    expect(await rolesOf(person.id)).toEqual([]);
  });

  it('accepts a bare list of ids, role objects and repeated ids', async () => {
    const person = await createUser(t);
    expect((await call(t, admin, 'POST', `/api/users/${person.email}/roles`, [3, 3])).json().Roles).toEqual([{ Id: 3, Name: 'Booking Manager' }]);
    const res = await call(t, admin, 'POST', `/api/users/${person.email}/roles`, { roleids: [{ Id: 2, Name: 'Reporting' }] });
    expect(res.statusCode).toBe(200);
    expect(await rolesOf(person.id)).toEqual([2]);
  });

  it('answers 400 for an unknown role and changes nothing', async () => {
    const person = await createUser(t, { roles: ['Reporting'] });
    const res = await call(t, admin, 'POST', `/api/users/${person.email}/roles`, { RoleIds: [2, 99] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Error: 'Unknown role: 99', Code: 'BAD_INPUT', Errors: { RoleIds: 'Unknown role: 99' } });
    expect(await rolesOf(person.id)).toEqual([2]);
  });

  it.each([
    ['ids that are not numbers', { RoleIds: ['Admin'] }],
    ['no RoleIds', {}],
    ['RoleIds that is not a list', { RoleIds: 1 }],
  ])('answers 400 for %s', async (_name, body) => {
    const person = await createUser(t);
    const res = await call(t, admin, 'POST', `/api/users/${person.email}/roles`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().Code).toBe('BAD_INPUT');
  });

  it('answers 404 for an unknown person', async () => {
    const res = await call(t, admin, 'POST', '/api/users/nobody@example.org/roles', { RoleIds: [2] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ Error: 'The person was not found.', Code: 'NOT_FOUND' });
  });

  it.each(NON_ADMINS)('refuses %s (%i) and changes nothing', async (_name, who, status) => {
    const res = await call(t, who(), 'POST', `/api/users/${staff.email}/roles`, { RoleIds: [1] });
    expect(res.statusCode).toBe(status);
    expect(await rolesOf(staff.id)).toEqual([]);
  });
});

describe('GET /api/users/{email}/roles', () => {
  it("answers the person's profile with their roles (admins only)", async () => {
    const res = await call(t, admin, 'GET', `/api/users/${reporter.email.toUpperCase()}/roles`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Id: reporter.id, Email: reporter.email, Roles: [{ Id: 2, Name: 'Reporting' }] });
    expect((await call(t, admin, 'GET', '/api/users/nobody@example.org/roles')).statusCode).toBe(404);
    expect((await call(t, manager, 'GET', `/api/users/${reporter.email}/roles`)).statusCode).toBe(403);
    expect((await call(t, reporter, 'GET', `/api/users/${reporter.email}/roles`)).statusCode).toBe(403);
    expect((await call(t, undefined, 'GET', `/api/users/${reporter.email}/roles`)).statusCode).toBe(401);
  });
});

describe('the last admin keeps the Admin role', () => {
  it('refuses to remove the only admin\'s Admin role (409) and keeps it', async () => {
    expect(await adminCount()).toBe(1);
    const res = await call(t, admin, 'POST', `/api/users/${admin.email}/roles`, { RoleIds: [2] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ Error: LAST_ADMIN_MESSAGE, Code: 'CONFLICT' });
    expect(await rolesOf(admin.id)).toEqual([1]);
    // Other roles may still change beside Admin.
    expect((await call(t, admin, 'POST', `/api/users/${admin.email}/roles`, { RoleIds: [1, 2] })).statusCode).toBe(200);
    expect(await rolesOf(admin.id)).toEqual([1, 2]);
  });

  it('lets an admin step down when another admin exists; their next admin call is refused', async () => {
    const second = await createUser(t, { roles: ['Admin'] });
    const res = await call(t, second, 'POST', `/api/users/${second.email}/roles`, { RoleIds: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json().Roles).toEqual([]);
    expect((await call(t, second, 'GET', '/api/users/admins/export')).statusCode).toBe(403);
    expect(await adminCount()).toBe(1);
  });

  it('of two admins removing each other at once, exactly one succeeds', async () => {
    const a = await createUser(t, { roles: ['Admin'] });
    // Leave exactly two admins: a and the original admin.
    expect(await adminCount()).toBe(2);
    const [r1, r2] = await Promise.all([
      call(t, a, 'POST', `/api/users/${admin.email}/roles`, { RoleIds: [] }),
      call(t, admin, 'POST', `/api/users/${a.email}/roles`, { RoleIds: [] }),
    ]);
    const count = await adminCount();
    // Restore the original admin for the tests below, if they were the one removed.
    if (r1.statusCode === 200) await t.pool.query('INSERT INTO user_roles VALUES ($1, 1)', [admin.id]);
    // The loser is refused by the guard (403: already no admin) or by the last-admin rule (409).
    const codes = [r1.statusCode, r2.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    expect(count).toBe(1);
  });
});

describe('GET /api/users/admins/export', () => {
  it('answers the admins as CSV, neutralising formula-like names', async () => {
    const sneaky = await createUser(t, { email: 'sneaky@example.org', name: '=HYPERLINK("x")', roles: ['Admin'] });
    const res = await call(t, admin, 'GET', '/api/users/admins/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="admins.csv"');
    const admins = (await t.pool.query('SELECT u.id, u.full_name, u.email FROM users u JOIN user_roles ur ON ur.user_id = u.id AND ur.role_id = 1 ORDER BY lower(u.full_name), u.email_key')).rows;
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('Id,FullName,Email');
    expect(lines).toHaveLength(admins.length + 2); // header, one per admin, trailing empty
    expect(lines).toContain(`${admin.id},The Admin,the.admin@example.org`);
    expect(lines).toContain(`${sneaky.id},"'=HYPERLINK(""x"")",sneaky@example.org`);
    expect(res.body).not.toContain(manager.email);
  });

  it.each(NON_ADMINS)('refuses %s (%i)', async (_name, who, status) => {
    expect((await call(t, who(), 'GET', '/api/users/admins/export')).statusCode).toBe(status);
  });
});

describe('POST /api/users/{id}/signOutEverywhere', () => {
  it("ends every session of the person; their cookies stop working", async () => {
    const person = await createUser(t);
    const other = `hotdesk_session=${await t.deps.sessions.create(person.id, 'phone')}`;
    expect((await call(t, person, 'GET', '/api/roles')).statusCode).toBe(200);
    const res = await call(t, admin, 'POST', `/api/users/${person.id}/signOutEverywhere`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Success: true, SessionsEnded: 2 });
    expect((await call(t, person, 'GET', '/api/roles')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/roles', headers: { cookie: other } })).statusCode).toBe(401);
    // The admin's own session is untouched.
    expect((await call(t, admin, 'GET', '/api/roles')).statusCode).toBe(200);
  });

  it('answers 404 for an unknown person', async () => {
    expect((await call(t, admin, 'POST', '/api/users/999999/signOutEverywhere')).statusCode).toBe(404);
  });

  it.each(NON_ADMINS)('refuses %s (%i) and ends nothing', async (_name, who, status) => {
    expect((await call(t, who(), 'POST', `/api/users/${admin.id}/signOutEverywhere`)).statusCode).toBe(status);
    expect((await call(t, admin, 'GET', '/api/roles')).statusCode).toBe(200);
  });
});

describe('the single sign-on mark: GET and POST /api/users/{id}/sso (issue 18)', () => {
  const expectsSso = async (id: number) =>
    (await t.pool.query<{ expects_sso: boolean }>('SELECT expects_sso FROM users WHERE id = $1', [id])).rows[0]!.expects_sso;

  it('an admin sets and clears it; the answer says whether an identity is linked', async () => {
    const person = await createUser(t);
    expect((await call(t, admin, 'GET', `/api/users/${person.id}/sso`)).json()).toEqual({ Id: person.id, ExpectsSso: false, Linked: false });
    const set = await call(t, admin, 'POST', `/api/users/${person.id}/sso`, { ExpectsSso: true });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ Id: person.id, ExpectsSso: true, Linked: false });
    expect(await expectsSso(person.id)).toBe(true);
    // Body keys match in any case, as everywhere.
    expect((await call(t, admin, 'POST', `/api/users/${person.id}/sso`, { expectssso: false })).json()).toMatchObject({ ExpectsSso: false });
    expect(await expectsSso(person.id)).toBe(false);
    await t.pool.query(`UPDATE users SET oidc_issuer = 'https://idp.example', oidc_subject = 'linked-sub' WHERE id = $1`, [person.id]);
    expect((await call(t, admin, 'GET', `/api/users/${person.id}/sso`)).json()).toEqual({ Id: person.id, ExpectsSso: false, Linked: true });
  });

  it('pre-registration (POST /api/users) marks the person by default; ExpectsSso false does not', async () => {
    const marked = await call(t, admin, 'POST', '/api/users', { Email: 'sso.default@example.org', FullName: 'Default Mark' });
    expect(marked.statusCode).toBe(201);
    expect(await expectsSso(marked.json().Id)).toBe(true);
    const withPassword = await call(t, admin, 'POST', '/api/users', { Email: 'sso.password@example.org', FullName: 'With Password', Password: 'a long password' });
    expect(await expectsSso(withPassword.json().Id)).toBe(true);
    const unmarked = await call(t, admin, 'POST', '/api/users', { Email: 'sso.off@example.org', FullName: 'No Mark', ExpectsSso: false });
    expect(unmarked.statusCode).toBe(201);
    expect(await expectsSso(unmarked.json().Id)).toBe(false);
    expect((await call(t, admin, 'POST', '/api/users', { Email: 'sso.bad@example.org', FullName: 'Bad', ExpectsSso: 'yes' })).statusCode).toBe(400);
  });

  it.each([
    ['a missing ExpectsSso', {}],
    ['a string', { ExpectsSso: 'true' }],
    ['a number', { ExpectsSso: 1 }],
    ['null', { ExpectsSso: null }],
  ])('answers 400 for %s and changes nothing', async (_name, body) => {
    const person = await createUser(t);
    const res = await call(t, admin, 'POST', `/api/users/${person.id}/sso`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().Code).toBe('BAD_INPUT');
    expect(await expectsSso(person.id)).toBe(false);
  });

  it('answers 400 for an id that is not a number, 404 for an unknown person', async () => {
    expect((await call(t, admin, 'POST', '/api/users/abc/sso', { ExpectsSso: true })).statusCode).toBe(400);
    expect((await call(t, admin, 'GET', '/api/users/0/sso')).statusCode).toBe(400);
    expect((await call(t, admin, 'POST', '/api/users/999999/sso', { ExpectsSso: true })).statusCode).toBe(404);
    expect((await call(t, admin, 'GET', '/api/users/999999/sso')).statusCode).toBe(404);
  });

  it.each(NON_ADMINS)('refuses %s (%i) and changes nothing', async (_name, who, status) => {
    const person = await createUser(t);
    expect((await call(t, who(), 'POST', `/api/users/${person.id}/sso`, { ExpectsSso: true })).statusCode).toBe(status);
    expect((await call(t, who(), 'GET', `/api/users/${person.id}/sso`)).statusCode).toBe(status);
    // Nor may a person mark themselves.
    expect((await call(t, staff, 'POST', `/api/users/${staff.id}/sso`, { ExpectsSso: true })).statusCode).toBe(403);
    expect(await expectsSso(person.id)).toBe(false);
    expect(await expectsSso(staff.id)).toBe(false);
  });
});
