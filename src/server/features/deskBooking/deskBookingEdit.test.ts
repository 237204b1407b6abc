import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { insertLocation, insertPublishedFloorplan, insertSite } from '../../testing/fixtures.js';
import { SESSION_COOKIE, type SessionUser } from '../../auth/sessions.js';
import { updateDeskBooking } from './deskBooking.service.js';
import { AppError } from '../../http/errors.js';
import { fromDatabaseError } from '../../http/dbErrors.js';

const NOW = new Date('2030-01-07T08:00:00Z');
const at = (h: number) => new Date(NOW.getTime() + h * 3_600_000).toISOString();

let t: Awaited<ReturnType<typeof buildTestApp>>;
let owner: TestUser, guest: TestUser, stranger: TestUser, admin: TestUser;
let floorplanId: number;

const sessionUser = async (u: TestUser): Promise<SessionUser> => (await t.deps.sessions.resolve(u.cookie.slice(SESSION_COOKIE.length + 1)))!;
const book = async (u: TestUser, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/bookings/desk', headers: { cookie: u.cookie },
  payload: { FloorplanId: floorplanId, DeskId: 'D1', Start: at(2), Finish: at(4), ...body } });
// Refusals as the client would see them: database refusals are mapped at the HTTP edge, so map them here too.
const refusal = async (p: Promise<unknown>) => { try { await p; return undefined; } catch (e) { return e instanceof AppError ? e : fromDatabaseError(e); } };

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  owner = await createUser(t, { email: 'owner@example.org' });
  guest = await createUser(t, { email: 'guest@example.org' });
  stranger = await createUser(t);
  admin = await createUser(t, { roles: ['Admin'] });
  const site = await insertSite(t.pool, { parkingSpaces: 1 });
  const loc = await insertLocation(t.pool, site);
  ({ floorplanId } = await insertPublishedFloorplan(t.pool, loc, [{ id: 'D1' }, { id: 'D2' }, { id: 'D3' }]));
});
afterAll(() => t.dropDatabase());
beforeEach(() => t.pool.query('DELETE FROM bookings'));

describe('updateDeskBooking', () => {
  it('lets the owner move the booking in time and to another desk, keeping the booker', async () => {
    const id = (await book(owner, {})).json().Id;
    const moved = await updateDeskBooking(t.deps, await sessionUser(owner), id, { DeskId: 'D2', Start: at(5), Finish: at(7), Description: 'moved' });
    expect(moved).toMatchObject({ Id: id, DeskId: 'D2', Start: at(5), Finish: at(7), Description: 'moved', BookedByUserId: owner.id });
  });
  it('lets the person booked on behalf of edit (e-mail in any case), and admins; refuses strangers', async () => {
    const id = (await book(owner, { OnBehalfOfEmail: 'GUEST@example.org' })).json().Id;
    await expect(updateDeskBooking(t.deps, await sessionUser(guest), id, { Description: 'mine' })).resolves.toMatchObject({ Description: 'mine' });
    await expect(updateDeskBooking(t.deps, await sessionUser(admin), id, { Description: 'admin' })).resolves.toMatchObject({ Description: 'admin' });
    const err = await refusal(updateDeskBooking(t.deps, await sessionUser(stranger), id, { Description: 'no' }));
    expect(err?.code).toBe('FORBIDDEN');
  });
  it('keeps every rule: no overlap with another booking of the desk, but no clash with itself', async () => {
    const mine = (await book(owner, { DeskId: 'D1', Start: at(2), Finish: at(4) })).json().Id;
    await book(guest, { DeskId: 'D2', Start: at(2), Finish: at(4) });
    await expect(updateDeskBooking(t.deps, await sessionUser(owner), mine, { Start: at(3), Finish: at(5) })).resolves.toMatchObject({ Start: at(3) });
    const err = await refusal(updateDeskBooking(t.deps, await sessionUser(owner), mine, { DeskId: 'D2' }));
    expect(err?.code).toBe('CONFLICT');
  });
  it('refuses bad times and cancelled bookings', async () => {
    const id = (await book(owner, {})).json().Id;
    expect((await refusal(updateDeskBooking(t.deps, await sessionUser(owner), id, { Finish: at(1) })))?.code).toBe('BAD_INPUT');
    expect((await refusal(updateDeskBooking(t.deps, await sessionUser(owner), id, { Start: at(-5), Finish: at(-4) })))?.code).toBe('BAD_INPUT');
    await t.pool.query('UPDATE bookings SET status = 3 WHERE id = $1', [id]);
    expect((await refusal(updateDeskBooking(t.deps, await sessionUser(owner), id, { Description: 'x' })))?.code).toBe('CONFLICT');
    expect((await refusal(updateDeskBooking(t.deps, await sessionUser(owner), 999999, { Description: 'x' })))?.code).toBe('NOT_FOUND');
  });
  it('counts parking without the booking itself, and refuses when another holds the only space', async () => {
    const id = (await book(owner, { IncludeParking: true })).json().Id;
    await expect(updateDeskBooking(t.deps, await sessionUser(owner), id, { Start: at(3), Finish: at(5) })).resolves.toMatchObject({ IncludeParking: true });
    const other = (await book(guest, { DeskId: 'D3', Start: at(6), Finish: at(8), IncludeParking: true })).json().Id;
    const err = await refusal(updateDeskBooking(t.deps, await sessionUser(guest), other, { Start: at(4), Finish: at(6) }));
    expect(err?.message).toContain('car park is full');
  });
});
