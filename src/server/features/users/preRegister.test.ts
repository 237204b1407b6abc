import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, sessionCookieFrom, type TestUser } from '../../testing/testApp.js';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let admin: TestUser, staff: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t, { roles: ['Admin'] });
  staff = await createUser(t, { roles: ['Booking Manager', 'Reporting'] });
});
afterAll(() => t.dropDatabase());

/** Sent with the admin's cookie unless another (or null: none) is given. */
const preRegister = (payload: unknown, cookie: string | null = admin.cookie) =>
  t.app.inject({ method: 'POST', url: '/api/users', headers: cookie ? { cookie } : {}, payload: payload as object });
const countByEmail = async (email: string) =>
  (await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email_key = lower($1)', [email])).rows[0]!.n;

describe('POST /api/users by an admin', () => {
  it('answers 201 with the person, who is stored without a password', async () => {
    const res = await preRegister({ Email: 'newcomer@example.org', FullName: 'New Comer' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ Id: expect.any(Number), Email: 'newcomer@example.org', FullName: 'New Comer' });
    const { rows } = await t.pool.query('SELECT email, full_name, password_hash FROM users WHERE id = $1', [res.json().Id]);
    expect(rows[0]).toEqual({ email: 'newcomer@example.org', full_name: 'New Comer', password_hash: null });
    // Without a password there is no local sign-in.
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'newcomer@example.org', password: 'anything at all' } });
    expect(login.statusCode).toBe(401);
  });

  it('trims the name it answers and stores', async () => {
    const res = await preRegister({ Email: 'spaced@example.org', FullName: '  Spaced Out  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ Email: 'spaced@example.org', FullName: 'Spaced Out' });
    const { rows } = await t.pool.query('SELECT email, full_name FROM users WHERE id = $1', [res.json().Id]);
    expect(rows[0]).toEqual({ email: 'spaced@example.org', full_name: 'Spaced Out' });
  });

  it('with a Password, the person can sign in with it (and it is not stored in plain text)', async () => {
    const res = await preRegister({ email: 'withpass@example.org', fullname: 'With Pass', PASSWORD: 'a long secret' });
    expect(res.statusCode).toBe(201);
    const stored = (await t.pool.query('SELECT password_hash FROM users WHERE id = $1', [res.json().Id])).rows[0].password_hash;
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored).not.toContain('a long secret');
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'WithPass@example.org', password: 'a long secret' } });
    expect(login.statusCode).toBe(200);
    const profile = (await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: sessionCookieFrom(login)! } })).json().Profile;
    expect(profile).toMatchObject({ Id: res.json().Id, FullName: 'With Pass', Roles: [] });
  });

  it.each([
    ['the same case', 'dup@example.org'],
    ['another case', 'DUP@Example.ORG'],
  ])('refuses a duplicate e-mail in %s with 409', async (_name, again) => {
    if ((await countByEmail('dup@example.org')) === 0) {
      expect((await preRegister({ Email: 'dup@example.org', FullName: 'First' })).statusCode).toBe(201);
    }
    const res = await preRegister({ Email: again, FullName: 'Second' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ Error: 'A person with this e-mail address already exists.', Code: 'CONFLICT' });
    expect(await countByEmail('dup@example.org')).toBe(1);
  });

  it('lets exactly one of two simultaneous registrations of one e-mail through', async () => {
    const results = await Promise.all([
      preRegister({ Email: 'race@example.org', FullName: 'One' }),
      preRegister({ Email: 'RACE@example.org', FullName: 'Two' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await countByEmail('race@example.org')).toBe(1);
  });
});

describe('POST /api/users refusals', () => {
  it('answers 403 for a signed-in person who is not an admin, and stores nobody', async () => {
    const res = await preRegister({ Email: 'sneaky@example.org', FullName: 'Sneaky' }, staff.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().Code).toBe('FORBIDDEN');
    expect(await countByEmail('sneaky@example.org')).toBe(0);
  });

  it('answers 401 when signed out, and stores nobody', async () => {
    const res = await preRegister({ Email: 'anon@example.org', FullName: 'Anon' }, null);
    expect(res.statusCode).toBe(401);
    expect(res.json().Code).toBe('NOT_SIGNED_IN');
    expect(await countByEmail('anon@example.org')).toBe(0);
  });

  it.each([
    ['an invalid e-mail', { Email: 'not-an-email', FullName: 'X' }, 'Email', /valid email/i],
    ['a missing e-mail', { FullName: 'X' }, 'Email', /./],
    ['an empty name', { Email: 'x1@example.org', FullName: '' }, 'FullName', /Full name is mandatory/],
    ['a blank name', { Email: 'x2@example.org', FullName: '   ' }, 'FullName', /Full name is mandatory/],
    ['a short password', { Email: 'x3@example.org', FullName: 'X', Password: 'short' }, 'Password', /at least 8/],
    ['a name that is not text', { Email: 'x4@example.org', FullName: 42 }, 'FullName', /./],
    ['a huge name', { Email: 'x5@example.org', FullName: 'n'.repeat(10_000) }, 'FullName', /./],
  ])('answers 400 for %s, naming the field in Errors', async (_name, payload, field, message) => {
    const res = await preRegister(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.Code).toBe('BAD_INPUT');
    expect(body.Errors).toHaveProperty(field);
    expect(body.Errors[field]).toMatch(message);
    const email = (payload as { Email?: string }).Email;
    if (email) expect(await countByEmail(email)).toBe(0);
  });

  it('answers 400 for a JSON array', async () => {
    const res = await preRegister([{ Email: 'arr@example.org', FullName: 'Arr' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().Code).toBe('BAD_INPUT');
  });
});
