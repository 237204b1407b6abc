import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../testing/testApp.js';

type T = Awaited<ReturnType<typeof buildTestApp>>;
let t: T;
let people: TestUser[];

beforeAll(async () => {
  t = await buildTestApp();
  people = await Promise.all(Array.from({ length: 60 }, (_, i) => createUser(t, { email: `person${i}@example.org` })));
});
afterAll(() => t.dropDatabase());

describe('session lookups under concurrent requests', () => {
  it('give every request its own person, in fewer statements than requests; a signed-out session among them is refused', async () => {
    await t.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie: people[7]!.cookie } });
    const before = { ...t.deps.sessions.lookups.stats };
    const answers = await Promise.all(people.map((p) => t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: p.cookie } })));
    answers.forEach((res, i) => {
      if (i === 7) expect(res.statusCode).toBe(401);
      else expect(res.json().Profile.Email).toBe(`person${i}@example.org`);
    });
    const statements = t.deps.sessions.lookups.stats.statements - before.statements;
    expect(t.deps.sessions.lookups.stats.keys - before.keys).toBe(60);
    expect(statements).toBeLessThan(60);
  });

  it('refuses a cookie that is not a token this app makes (43 base64url characters) without a database lookup', async () => {
    const before = { ...t.deps.sessions.lookups.stats };
    const real = people[0]!.cookie.split('=')[1]!;
    for (const junk of ['made-up', `${real}x`, real.slice(1), `${real.slice(0, 42)}.`, `${real.slice(0, 42)}=`, `${real.slice(0, 42)}\u00e9`]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: `hotdesk_session=${encodeURIComponent(junk)}` } });
      expect(res.statusCode).toBe(401);
    }
    expect(t.deps.sessions.lookups.stats).toEqual(before);
    // A real token still looks its session up.
    expect((await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: people[0]!.cookie } })).statusCode).toBe(200);
    expect(t.deps.sessions.lookups.stats.keys).toBe(before.keys + 1);
  });
});
