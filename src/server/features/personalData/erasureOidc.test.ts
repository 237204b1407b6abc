import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPublishedFloorplan } from '../../testing/fixtures.js';
import type { TestIdp } from '../../testing/oidcProvider.js';
import { signInThroughIdp, startAppWithIdp } from '../../testing/oidcTestApp.js';
import { createUser, type TestUser } from '../../testing/testApp.js';
import { call, newPlace } from '../orgAccess/orgTestKit.js';
import { FORMER_MEMBER, tombstoneEmail } from './erasure.repo.js';

/**
 * After an admin erases a person, the same person signing in again through the identity provider (a real
 * oidc-provider on loopback, as auth/oidc.test.ts drives it) gets a fresh, empty account: the tombstone keeps
 * no identity-provider subject and an address in the reserved .invalid domain, so neither the subject nor
 * the e-mail finds it (docs/decisions.md, "People's own data": "its next sign-in makes a fresh account").
 */
let idp: TestIdp;
let t: Awaited<ReturnType<typeof startAppWithIdp>>['t'];
let appUrl: string;
let stop: () => Promise<void>;
let admin: TestUser;
beforeAll(async () => {
  ({ idp, t, appUrl, stop } = await startAppWithIdp());
  admin = await createUser(t, { roles: ['Admin'] });
});
afterAll(() => stop());

const signInWithIdp = (subject: string, claims: Record<string, unknown>) => signInThroughIdp(idp, appUrl, subject, claims);
const asCookie = (cookie: string) => ({ cookie } as TestUser);
const myData = async (cookie: string) => {
  const res = await call(t, asCookie(cookie), 'GET', '/api/me/data?format=json');
  expect(res.statusCode).toBe(200);
  return JSON.parse(res.body);
};

describe('signing in again after erasure', () => {
  it('makes a fresh, empty account through the identity provider; the tombstone stays as it was left', async () => {
    const claims = { email: 'nadia.erased@example.org', email_verified: true, name: 'Nadia Erased' };
    const firstCookie = await signInWithIdp('sub-nadia', claims);
    const first = (await myData(firstCookie)).Profile;
    expect(first).toMatchObject({ Email: 'nadia.erased@example.org', FullName: 'Nadia Erased', SignIn: { SingleSignOn: true } });

    // Things that were hers: a booking she made, one made for her, a team and a role, a favourite desk.
    const place = await newPlace(t, admin);
    const colleague = await createUser(t, { name: 'Colleague Stays' });
    const at = (hour: number) => new Date(Date.UTC(2031, 2, 3, hour));
    for (const [by, onBehalf, hour] of [[first.Id, '', 9], [colleague.id, 'nadia.erased@example.org', 11]] as const) {
      await t.pool.query(
        `INSERT INTO bookings (site_id, location_id, room_id, starts_at, finishes_at, booked_by_user_id, holder_key, status, description, on_behalf_of_email)
         VALUES ($1, $2, $3, $4, $5, $6, 'nadia.erased@example.org', 1, 'Nadia planning', $7)`,
        [place.siteId, place.locationId, place.roomId, at(hour), at(hour + 1), by, onBehalf]);
    }
    const teamId = (await t.pool.query<{ id: number }>("INSERT INTO teams (name) VALUES ('Nadia team') RETURNING id")).rows[0]!.id;
    await t.pool.query('INSERT INTO team_members VALUES ($1, $2)', [teamId, first.Id]);
    await t.pool.query("INSERT INTO user_roles (user_id, role_id) SELECT $1, id FROM roles WHERE name = 'Reporting'", [first.Id]);
    const { floorplanId } = await insertPublishedFloorplan(t.pool, place.locationId, [{ id: 'D1' }]);
    await t.pool.query("INSERT INTO favourite_desks (user_id, floorplan_id, desk_id, desk_name) VALUES ($1, $2, 'D1', 'Desk 1')", [first.Id, floorplanId]);
    const before = await myData(firstCookie);
    expect(before.Bookings).toHaveLength(2);
    expect(before.Profile).toMatchObject({ Teams: ['Nadia team'], Roles: ['Reporting'] });
    expect(before.FavouriteDesks).toHaveLength(1);

    const erased = await call(t, admin, 'POST', `/api/admin/people/${first.Id}/erase`, { Confirm: 'nadia.erased@example.org' });
    expect(erased.statusCode).toBe(200);
    // Her old session ended with the erasure.
    expect((await call(t, asCookie(firstCookie), 'GET', '/api/me/data?format=json')).statusCode).toBe(401);

    const againCookie = await signInWithIdp('sub-nadia', claims);
    const again = await myData(againCookie);
    expect(again.Profile.Id).not.toBe(first.Id);
    expect(again.Profile).toMatchObject({
      Email: 'nadia.erased@example.org', FullName: 'Nadia Erased', Roles: [], Teams: [], Tags: [], SignIn: { SingleSignOn: true, LocalPassword: false },
    });
    // Nothing of the erased account comes back: neither her own booking (the tombstone keeps it for counts)
    // nor the one made for her (its address was cleared), nor her favourites, pushes or mail.
    expect(again.Bookings).toEqual([]);
    expect(again.FavouriteDesks).toEqual([]);
    expect(again.PushSubscriptions).toEqual([]);
    expect(again.Mails).toEqual([]);

    const { rows } = await t.pool.query<{ id: number; email: string; full_name: string; oidc_subject: string | null }>(
      "SELECT id, email, full_name, oidc_subject FROM users WHERE id = $1 OR email_key = 'nadia.erased@example.org' ORDER BY id", [first.Id]);
    expect(rows).toEqual([
      { id: first.Id, email: tombstoneEmail(first.Id), full_name: FORMER_MEMBER, oidc_subject: null },
      { id: again.Profile.Id, email: 'nadia.erased@example.org', full_name: 'Nadia Erased', oidc_subject: 'sub-nadia' },
    ]);
    // The erased account's bookings stay with the tombstone (ids and counts for insights), not with her new account.
    const kept = await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings WHERE booked_by_user_id = $1', [first.Id]);
    expect(kept.rows[0]!.n).toBe(1);
  });
});
