import type pg from 'pg';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { insertLocation, insertPublishedFloorplan, insertSite, insertTeam } from '../../testing/fixtures.js';

/**
 * A small organisation for the privacy tests of "Who's in" and the desk map's names: the viewer and
 * two teammates (one hiding their name), a teammate booked on behalf of by someone else, a stranger
 * in another team, and a person with no team at all. Two sites, London and Sydney (a day ahead of UTC).
 */
export const NOW = new Date('2030-01-07T08:00:00Z');

export async function whosInOrganisation() {
  const t = await buildTestApp({ now: NOW });
  const person = (email: string, name: string) => createUser(t, { email, name });
  const me = await person('me@example.org', 'Mia Viewer');
  const mate = await person('mate@example.org', 'Tom Mate');
  const hidden = await person('hidden@example.org', 'Hana Hidden');
  const onBehalfMate = await person('behalf@example.org', 'Bea Behalf');
  const stranger = await person('stranger@example.org', 'Sam Stranger');
  const loner = await person('loner@example.org', 'Lou Loner');
  await t.pool.query('UPDATE users SET hide_name_on_map = true WHERE id = $1', [hidden.id]);
  await insertTeam(t.pool, 'Finance', [me.id, mate.id, hidden.id, onBehalfMate.id]);
  await insertTeam(t.pool, 'Estates', [stranger.id]);
  const london = await insertSite(t.pool, { title: 'London', timeZone: 'Europe/London' });
  const sydney = await insertSite(t.pool, { title: 'Sydney', timeZone: 'Australia/Sydney' });
  const londonFloor = await insertLocation(t.pool, london, { title: 'Floor 1' });
  const sydneyFloor = await insertLocation(t.pool, sydney, { title: 'Level 3' });
  const desks = [{ id: 'D1' }, { id: 'D2' }, { id: 'D3' }, { id: 'D4' }, { id: 'D5' }, { id: 'D6' }];
  const londonPlan = await insertPublishedFloorplan(t.pool, londonFloor, desks);
  const sydneyPlan = await insertPublishedFloorplan(t.pool, sydneyFloor, desks);
  return {
    t, me, mate, hidden, onBehalfMate, stranger, loner,
    london: { siteId: london, locationId: londonFloor, floorplanId: londonPlan.floorplanId },
    sydney: { siteId: sydney, locationId: sydneyFloor, floorplanId: sydneyPlan.floorplanId },
  };
}

export interface Place { siteId: number; locationId: number; floorplanId: number }

/** An approved desk booking, written straight to the table (the booking rules are tested elsewhere). */
export async function insertDeskBooking(
  pool: pg.Pool, place: Place, deskId: string, booker: TestUser, start: string, finish: string, onBehalfOf = '',
): Promise<void> {
  await pool.query(
    `INSERT INTO bookings (site_id, location_id, floorplan_id, desk_id, desk_name, starts_at, finishes_at, booked_by_user_id,
       on_behalf_of_email, holder_key, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, lower($10), 1)`,
    [place.siteId, place.locationId, place.floorplanId, deskId, `Desk ${deskId}`, start, finish, booker.id, onBehalfOf, onBehalfOf || booker.email]);
}

export const setNames = (pool: pg.Pool, value: 'off' | 'teammates' | 'everyone') =>
  pool.query('UPDATE global_settings SET names_on_map = $1', [value]);
