import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NEAR_TEAM_DISTANCE } from '../../../domain/nearTeam.js';
import { insertPublishedFloorplan } from '../../testing/fixtures.js';
import { awayFromMinuteEnd } from '../../testing/minuteWindow.js';
import { call } from '../orgAccess/orgTestKit.js';
import { TOO_MANY_READS } from '../../http/perPersonLimit.js';
import { NEAR_TEAM_READS_PER_MINUTE } from './nearTeam.service.js';
import { insertDeskBooking, setNames, whosInOrganisation, type Place } from './whosInTestKit.js';

// "Near my team" (issue 20, point 4) against real PostgreSQL: a floor of its own in London with desks
// in one row, 60 units apart (near = within NEAR_TEAM_DISTANCE, 100, centre to centre).
let o: Awaited<ReturnType<typeof whosInOrganisation>>;
let near: Place;
beforeAll(async () => {
  o = await whosInOrganisation();
  const { t, london } = o;
  const finance = (await t.pool.query("SELECT id FROM teams WHERE name = 'Finance'")).rows[0].id as number;
  const estates = (await t.pool.query("SELECT id FROM teams WHERE name = 'Estates'")).rows[0].id as number;
  const { floorplanId } = await insertPublishedFloorplan(t.pool, london.locationId, [
    { id: 'N1', x: 100, y: 100 }, { id: 'N2', x: 160, y: 100 }, { id: 'N3', x: 220, y: 100 },
    { id: 'N4', x: 500, y: 100 }, { id: 'N5', x: 560, y: 100 },
    { id: 'N6', x: 900, y: 100 }, { id: 'N7', x: 960, y: 100 },
    { id: 'T1', x: 1500, y: 1500, assignedTeams: [finance] }, { id: 'T2', x: 1500, y: 1800, assignedTeams: [estates] },
    { id: 'B1', x: 2000, y: 100 }, { id: 'B2', x: 2060, y: 100 }, { id: 'M1', x: 3000, y: 100 }, { id: 'M2', x: 3060, y: 100 },
  ]);
  near = { ...london, floorplanId };
  // Tuesday 8 January 2030 (London is on UTC in winter): a teammate in the morning at N1 ...
  await insertDeskBooking(t.pool, near, 'N1', o.mate, '2030-01-08T09:00:00Z', '2030-01-08T12:00:00Z');
  // ... someone of another team at N4, the teammate who hides their name at N6 ...
  await insertDeskBooking(t.pool, near, 'N4', o.stranger, '2030-01-08T09:00:00Z', '2030-01-08T17:00:00Z');
  await insertDeskBooking(t.pool, near, 'N6', o.hidden, '2030-01-08T09:00:00Z', '2030-01-08T17:00:00Z');
  // ... a teammate booked on behalf of by a stranger (the teammate sits there), and the viewer's own desk.
  await insertDeskBooking(t.pool, near, 'B1', o.stranger, '2030-01-08T09:00:00Z', '2030-01-08T17:00:00Z', 'behalf@example.org');
  await insertDeskBooking(t.pool, near, 'M1', o.me, '2030-01-08T09:00:00Z', '2030-01-08T17:00:00Z');
  // Wednesday 9th: the teammate sits on another floor (the kit's London plan), nobody of the team here.
  await insertDeskBooking(t.pool, london, 'D1', o.mate, '2030-01-09T09:00:00Z', '2030-01-09T17:00:00Z');
});
afterAll(() => o.t.dropDatabase());
beforeEach(async () => {
  await setNames(o.t.pool, 'teammates');
  await o.t.pool.query('DELETE FROM read_limits');
});

const range = (day: string, from = '13:00', to = '14:00') =>
  `?start=${encodeURIComponent(`${day}T${from}:00Z`)}&end=${encodeURIComponent(`${day}T${to}:00Z`)}`;
const ask = (who: typeof o.me | undefined, query: string, floorplanId = near.floorplanId) =>
  call(o.t, who, 'GET', `/api/bookings/for/${floorplanId}/near-team${query}`);

describe('GET /api/bookings/for/{floorplanId}/near-team flags', () => {
  it('desks near a teammate\'s desk that day (theirs included), desks assigned to my team, and nothing else', async () => {
    // The map asks for 13:00-14:00; the teammate left at 12:00 but is in that day.
    const res = await ask(o.me, range('2030-01-08'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      DeskIds: ['B1', 'B2', 'N1', 'N2', 'T1'], TeammatesBooked: true, InTeam: true, NamesOnMap: 'teammates', NearDistance: NEAR_TEAM_DISTANCE,
    });
  });

  it('nothing near a person of another team, even when the organisation shows everyone\'s name', async () => {
    await setNames(o.t.pool, 'everyone');
    const ids = (await ask(o.me, range('2030-01-08'))).json().DeskIds;
    expect(ids).not.toContain('N4');
    expect(ids).not.toContain('N5');
    expect(ids).toEqual(['B1', 'B2', 'N1', 'N2', 'T1']);
  });

  it('nothing near a teammate who hides their name, nor near my own desk', async () => {
    const ids = (await ask(o.me, range('2030-01-08'))).json().DeskIds;
    expect(ids).not.toContain('N6');
    expect(ids).not.toContain('N7');
    expect(ids).not.toContain('M2');
  });

  it('the hidden person counts again once they stop hiding (the rule is read on every call)', async () => {
    await o.t.pool.query('UPDATE users SET hide_name_on_map = false WHERE id = $1', [o.hidden.id]);
    try {
      expect((await ask(o.me, range('2030-01-08'))).json().DeskIds).toEqual(expect.arrayContaining(['N6', 'N7']));
    } finally {
      await o.t.pool.query('UPDATE users SET hide_name_on_map = true WHERE id = $1', [o.hidden.id]);
    }
  });

  it('no teammate\'s booking counts when the organisation turns names off: only my team\'s desks', async () => {
    await setNames(o.t.pool, 'off');
    expect((await ask(o.me, range('2030-01-08'))).json()).toMatchObject({ DeskIds: ['T1'], TeammatesBooked: false, NamesOnMap: 'off' });
  });

  it('nothing for a teammate on another floor that day, nor on another day', async () => {
    expect((await ask(o.me, range('2030-01-09'))).json()).toMatchObject({ DeskIds: ['T1'], TeammatesBooked: false });
    expect((await ask(o.me, range('2030-01-10'))).json()).toMatchObject({ DeskIds: ['T1'], TeammatesBooked: false });
  });

  it('the teammate\'s own view: near the viewer and Bea, never near themselves alone', async () => {
    // Tom (mate) sees Mia (me) at M1 and Bea at B1; his own desk N1 does not count for him.
    expect((await ask(o.mate, range('2030-01-08'))).json().DeskIds).toEqual(['B1', 'B2', 'M1', 'M2', 'T1']);
  });

  it('nothing for a person in no team', async () => {
    expect((await ask(o.loner, range('2030-01-08'))).json()).toMatchObject({ DeskIds: [], TeammatesBooked: false, InTeam: false });
  });

  it('never a name, an e-mail or a user id', async () => {
    const text = (await ask(o.me, range('2030-01-08'))).body;
    expect(text).not.toMatch(/Tom|Bea|Hana|Sam|@|UserId|Email/);
  });
});

describe('GET /api/bookings/for/{floorplanId}/near-team refuses', () => {
  it('signed-out callers with 401', async () => {
    expect((await ask(undefined, range('2030-01-08'))).statusCode).toBe(401);
  });

  it.each([
    ['no range', ''],
    ['a start that is not an instant', '?start=2030-01-08&end=2030-01-08T10:00:00Z'],
    ['an end before the start', range('2030-01-08', '14:00', '13:00')],
    ['more than 31 days', `?start=2030-01-01T00:00:00Z&end=2030-02-02T00:00:00Z`],
    ['an unknown parameter', `${range('2030-01-08')}&team=1`],
  ])('%s with 400 and a message', async (_name, query) => {
    const res = await ask(o.me, query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Code: 'BAD_INPUT' });
    expect(res.json().Error.length).toBeGreaterThan(5);
  });

  it('a floorplan that does not exist, or a bad id, with 404 / 400', async () => {
    expect((await ask(o.me, range('2030-01-08'), 999_999)).statusCode).toBe(404);
    expect((await call(o.t, o.me, 'GET', `/api/bookings/for/abc/near-team${range('2030-01-08')}`)).statusCode).toBe(400);
  });

  it(`more than ${NEAR_TEAM_READS_PER_MINUTE} reads a minute by one person with 429; others are not held up`, async () => {
    await awayFromMinuteEnd(o.t.pool); // the preset count and the call must fall in one minute
    await o.t.pool.query("INSERT INTO read_limits VALUES ($1, date_trunc('minute', now()), $2)", [`nearTeam:${o.me.id}`, NEAR_TEAM_READS_PER_MINUTE]);
    const res = await ask(o.me, range('2030-01-08'));
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ Error: TOO_MANY_READS, Code: 'TOO_MANY_ATTEMPTS' });
    expect((await ask(o.mate, range('2030-01-08'))).statusCode).toBe(200);
  });
});
