import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { call, newPlace } from '../orgAccess/orgTestKit.js';
import { EXPORTS_PER_HOUR, TOO_MANY_EXPORTS } from './personalDataExport.service.js';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let admin: TestUser;
let place: { siteId: number; locationId: number; roomId: number };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t, { roles: ['Admin'] });
  place = await newPlace(t, admin);
});
afterAll(() => t.dropDatabase());

let hour = 0;
/** A room booking row; each one in its own hour of 2031 (or 2020 for past ones) so none overlap. */
async function book(o: { by: TestUser; holder?: TestUser; description: string; past?: boolean; status?: number }) {
  const start = new Date(Date.UTC(o.past ? 2020 : 2031, 0, 1, 0) + (++hour) * 3_600_000);
  const { rows } = await t.pool.query<{ id: string }>(
    `INSERT INTO bookings (site_id, location_id, room_id, starts_at, finishes_at, booked_by_user_id, holder_key, status, description, on_behalf_of_email)
     VALUES ($1, $2, $3, $4, $5, $6, lower($7), $8, $9, $10) RETURNING id`,
    [place.siteId, place.locationId, place.roomId, start, new Date(start.getTime() + 1_800_000), o.by.id,
      (o.holder ?? o.by).email, o.status ?? 1, o.description, o.holder ? o.holder.email : ''],
  );
  return Number(rows[0]!.id);
}

const download = (who: TestUser | undefined, format = 'json') => call(t, who, 'GET', `/api/me/data?format=${format}`);

describe('GET /api/me/data', () => {
  it("holds the caller's profile, bookings (own and on their behalf), subscriptions, sessions and mail, and nobody else's", async () => {
    const ann = await createUser(t, { email: 'ann.export@example.org', name: 'Ann Export' });
    const bob = await createUser(t, { email: 'bob.other@example.org', name: 'Bob Other' });
    const own = await book({ by: ann, description: 'Ann planning' });
    const forAnn = await book({ by: bob, holder: ann, description: 'Booked for Ann' });
    const bobs = await book({ by: bob, description: 'Bob secret meeting' });
    await t.pool.query("UPDATE users SET calendar_token = 'feed-hash-should-not-leak' WHERE id = $1", [ann.id]);
    await t.pool.query(
      "INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, 'https://push.example.net/send/capability-abc', 'k', 'a-secret')", [ann.id]);
    await t.pool.query(
      `INSERT INTO mail_outbox (to_address, subject, body_text) VALUES ('Ann.Export@example.org', 'Your booking', 'x'), ('bob.other@example.org', 'Bob mail', 'y')`);

    const res = await download(ann);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="hotdesk-my-data-\d{4}-\d\d-\d\d\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const doc = res.json();
    expect(doc.Version).toBe(1);
    expect(doc.Profile).toMatchObject({ Id: ann.id, FullName: 'Ann Export', Email: 'ann.export@example.org', Roles: [], Teams: [] });
    expect(doc.Bookings.map((b: { Id: number }) => b.Id).sort()).toEqual([own, forAnn].sort());
    expect(doc.Bookings.find((b: { Id: number }) => b.Id === forAnn)).toMatchObject({ BookedByYou: false, BookedBy: 'Bob Other', OnBehalfOf: ann.email, Type: 'Room', Status: 'Approved' });
    // Times on the site's clock with its offset, as the bookings CSV writes them.
    expect(doc.Bookings[0].Start).toMatch(/^2031-01-01T\d\d:\d\d:00[+-]\d\d:\d\d$/);
    expect(doc.CalendarFeed).toEqual({ Subscribed: true });
    expect(doc.PushSubscriptions).toEqual([{ EndpointHost: 'push.example.net', CreatedAt: expect.any(String) }]);
    expect(doc.Sessions).toEqual([expect.objectContaining({ UserAgent: 'test' })]);
    expect(doc.Mails).toEqual([expect.objectContaining({ Subject: 'Your booking', SentAt: null })]);
    expect(res.body).not.toContain(String(bobs) + ',');
    for (const secret of ['Bob secret meeting', 'Bob mail', 'feed-hash-should-not-leak', 'capability-abc', 'a-secret']) expect(res.body).not.toContain(secret);
  });

  it('answers the bookings alone as CSV', async () => {
    const cy = await createUser(t, { name: 'Cy Csv' });
    const dee = await createUser(t);
    await book({ by: cy, description: 'Cy standup' });
    await book({ by: dee, description: 'Dee private' });
    const res = await download(cy, 'csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="hotdesk-my-data-bookings-.*\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('Cy standup');
    expect(res.body).not.toContain('Dee private');
  });

  it('answers 401 when signed out and 400 for an unknown format', async () => {
    expect((await download(undefined)).statusCode).toBe(401);
    const res = await download(admin, 'xml');
    expect(res.statusCode).toBe(400);
  });

  it(`answers 429 past ${EXPORTS_PER_HOUR} downloads in an hour, for that person only`, async () => {
    const eager = await createUser(t);
    for (let i = 0; i < EXPORTS_PER_HOUR; i++) expect((await download(eager, i % 2 ? 'csv' : 'json')).statusCode).toBe(200);
    const refused = await download(eager);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().Error).toBe(TOO_MANY_EXPORTS);
    expect((await download(await createUser(t))).statusCode).toBe(200);
  });
});

const erase = (who: TestUser | undefined, userId: number, confirm: unknown) =>
  call(t, who, 'POST', `/api/admin/people/${userId}/erase`, { Confirm: confirm });

/** Every text-like column of every table, searched for `needle` (case-insensitive): "table.column" where found. */
async function columnsHolding(needle: string): Promise<string[]> {
  const { rows: cols } = await t.pool.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c JOIN information_schema.tables tb
       ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name AND tb.table_type = 'BASE TABLE'
     WHERE c.table_schema = 'public' AND c.data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`);
  const found: string[] = [];
  for (const c of cols) {
    const { rows } = await t.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${c.table_name}" WHERE strpos(lower("${c.column_name}"::text), lower($1)) > 0`, [needle]);
    if (rows[0]!.n > 0) found.push(`${c.table_name}.${c.column_name}`);
  }
  return found;
}

describe('POST /api/admin/people/{userId}/erase', () => {
  it('cancels future bookings, anonymises the rest and leaves no name or e-mail in any column', async () => {
    const zed = await createUser(t, { email: 'Zebediah.Quux@example.org', name: 'Zebediah Quux' });
    const colleague = await createUser(t, { name: 'Colleague Kept' });
    const future = await book({ by: zed, description: 'Zebediah Quux review' });
    const past = await book({ by: zed, description: 'Old Zebediah Quux thing', past: true });
    const forZed = await book({ by: colleague, holder: zed, description: 'For Zebediah Quux' });
    const colleagues = await book({ by: colleague, description: 'Colleague meeting' });
    await t.pool.query("UPDATE bookings SET checked_in_at = starts_at, checked_in_by_user_id = $1, checked_in_by_name = 'Zebediah Quux' WHERE id = $2", [zed.id, past]);
    await t.pool.query(
      `UPDATE users SET oidc_issuer = 'https://idp.example', oidc_subject = 'zed-subject', phone = '0123 Zebediah Quux', organisation = 'Quux Ltd',
         calendar_token = 'zed-feed' WHERE id = $1`, [zed.id]);
    await t.pool.query("INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, 'https://push.example.net/zed', 'k', 'a')", [zed.id]);
    await t.pool.query("INSERT INTO push_outbox (user_id, title, body, url) VALUES ($1, 'Hi', 'there', '/')", [zed.id]);
    await t.pool.query(
      `INSERT INTO mail_outbox (to_address, subject, body_text) VALUES ($1, 'Queued', 'x'), ($2, 'Booked for you', 'Zebediah Quux booked a room'),
         ($2, 'Unrelated', 'nothing here')`, [zed.email, colleague.email]);
    const teamId = (await t.pool.query<{ id: number }>("INSERT INTO teams (name) VALUES ('Erasure team') RETURNING id")).rows[0]!.id;
    await t.pool.query('INSERT INTO team_members VALUES ($1, $2)', [teamId, zed.id]);
    await t.pool.query('INSERT INTO user_roles VALUES ($1, 2)', [zed.id]);
    const bookingsBefore = (await t.pool.query('SELECT count(*)::int AS n FROM bookings')).rows[0].n;

    const res = await erase(admin, zed.id, ' zebediah.quux@EXAMPLE.org ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      Success: true, UserId: zed.id,
      Erased: {
        FutureBookingsCancelled: 2, BookingsAnonymised: 3, Sessions: 1, PushSubscriptions: 1, PushMessages: 1, FavouriteDesks: 0,
        TeamMemberships: 1, Roles: 1, Tags: 0, AccessGrants: 0, Mails: 2, CalendarFeed: true,
      },
    });
    // The search finds what is there (the colleague's name), so its empty answers below mean something.
    expect(await columnsHolding('Colleague Kept')).toContain('users.full_name');
    expect(await columnsHolding('Zebediah')).toEqual([]);
    expect(await columnsHolding('zebediah.quux@example.org')).toEqual([]);
    expect(await columnsHolding('Quux')).toEqual([]);

    // Counts survive for aggregates; the future ones are cancelled as by an admin.
    expect((await t.pool.query('SELECT count(*)::int AS n FROM bookings')).rows[0].n).toBe(bookingsBefore);
    const { rows } = await t.pool.query('SELECT id, status, cancellation_reason, cancelled_by_admin, description FROM bookings WHERE id = ANY($1) ORDER BY id',
      [[future, past, forZed, colleagues]]);
    expect(rows.map((r) => [Number(r.id), r.status, r.cancellation_reason, r.description])).toEqual([
      [future, 3, 'Account erased', ''], [past, 1, '', ''], [forZed, 3, 'Account erased', ''], [colleagues, 1, '', 'Colleague meeting'],
    ]);
    const user = (await t.pool.query('SELECT full_name, email, oidc_subject, password_hash, calendar_token FROM users WHERE id = $1', [zed.id])).rows[0];
    expect(user).toEqual({ full_name: 'Former member', email: `erased-${zed.id}@erased.invalid`, oidc_subject: null, password_hash: null, calendar_token: null });
    // Signed out everywhere, and gone from the people search.
    expect((await call(t, zed, 'GET', '/api/bookings/my')).statusCode).toBe(401);
    expect((await call(t, admin, 'GET', '/api/users/search/Zebediah')).json()).toEqual([]);
    // Nor found by the tombstone's own words (an on-behalf or team picker must not offer them).
    expect((await call(t, admin, 'GET', '/api/users/search/Former%20member')).json()).toEqual([]);
    expect((await call(t, admin, 'GET', '/api/users/search/erased.invalid')).json()).toEqual([]);
    // The colleague's own data stays.
    expect((await call(t, colleague, 'GET', '/api/me/data')).json().Profile.FullName).toBe('Colleague Kept');
  });

  it('answers 409 for a person already erased', async () => {
    const p = await createUser(t);
    expect((await erase(admin, p.id, p.email)).statusCode).toBe(200);
    const again = await erase(admin, p.id, `erased-${p.id}@erased.invalid`);
    expect(again.statusCode).toBe(409);
  });

  it('refuses a wrong Confirm (400) and changes nothing', async () => {
    const p = await createUser(t, { name: 'Kept Person' });
    const res = await erase(admin, p.id, 'someone.else@example.org');
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors).toHaveProperty('Confirm');
    expect((await erase(admin, p.id, '')).statusCode).toBe(400);
    expect((await t.pool.query('SELECT full_name FROM users WHERE id = $1', [p.id])).rows[0].full_name).toBe('Kept Person');
    expect((await call(t, p, 'GET', '/api/bookings/my')).statusCode).toBe(200);
  });

  it('refuses erasing oneself (400), an unknown person (404), non-admins (403) and signed-out callers (401)', async () => {
    const self = await erase(admin, admin.id, admin.email);
    expect(self.statusCode).toBe(400);
    expect(self.json().Error).toMatch(/another admin/);
    expect((await erase(admin, 999_999, 'nobody@example.org')).statusCode).toBe(404);
    const target = await createUser(t);
    for (const who of [await createUser(t), await createUser(t, { roles: ['Booking Manager'] }), await createUser(t, { roles: ['Reporting'] })]) {
      expect((await erase(who, target.id, target.email)).statusCode).toBe(403);
    }
    expect((await erase(undefined, target.id, target.email)).statusCode).toBe(401);
    expect((await call(t, target, 'GET', '/api/bookings/my')).statusCode).toBe(200);
  });
});
