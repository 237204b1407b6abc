import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DeskOccupancy } from '../../../domain/wire/bookings.js';
import { call } from '../orgAccess/orgTestKit.js';
import { insertDeskBooking, setNames, whosInOrganisation } from '../whosIn/whosInTestKit.js';

// The desk map's names (issue 20): GET /api/bookings/for/{floorplanId} fills Occupant where privacy allows.
let o: Awaited<ReturnType<typeof whosInOrganisation>>;
beforeAll(async () => {
  o = await whosInOrganisation();
  const { t, london } = o;
  await insertDeskBooking(t.pool, london, 'D1', o.mate, '2030-01-08T09:00:00Z', '2030-01-08T17:00:00Z');
  await insertDeskBooking(t.pool, london, 'D2', o.hidden, '2030-01-08T09:00:00Z', '2030-01-08T17:00:00Z');
  await insertDeskBooking(t.pool, london, 'D3', o.stranger, '2030-01-08T09:00:00Z', '2030-01-08T17:00:00Z');
  await insertDeskBooking(t.pool, london, 'D4', o.me, '2030-01-08T09:00:00Z', '2030-01-08T17:00:00Z');
  await insertDeskBooking(t.pool, london, 'D5', o.stranger, '2030-01-08T08:00:00Z', '2030-01-08T12:00:00Z', 'behalf@example.org');
  await insertDeskBooking(t.pool, london, 'D6', o.stranger, '2030-01-08T13:00:00Z', '2030-01-08T15:00:00Z', 'visitor@elsewhere.example');
});
afterAll(() => o.t.dropDatabase());
beforeEach(() => setNames(o.t.pool, 'teammates'));

type Row = { DeskId: string; IsMine: boolean; BookingId: number | null; Occupant?: { Name: string; Initials: string } | null };
async function occupants(who: typeof o.me): Promise<Record<string, string | null>> {
  const url = `/api/bookings/for/${o.london.floorplanId}?start=${encodeURIComponent('2030-01-08T00:00:00Z')}&end=${encodeURIComponent('2030-01-09T00:00:00Z')}`;
  const res = await call(o.t, who, 'GET', url);
  expect(res.statusCode).toBe(200);
  const rows = res.json() as Row[];
  return Object.fromEntries(rows.map((r) => [r.DeskId, r.Occupant ? `${r.Occupant.Name} (${r.Occupant.Initials})` : null]));
}

describe('desk occupancy names', () => {
  it('names teammates only by default; the hidden, strangers, the caller and address-only holders stay "taken"', async () => {
    expect(await occupants(o.me)).toEqual({
      D1: 'Tom Mate (TM)', D2: null, D3: null, D4: null, D5: 'Bea Behalf (BB)', D6: null,
    });
  });

  it('the caller\'s own booking has no Occupant but IsMine and its id', async () => {
    const url = `/api/bookings/for/${o.london.floorplanId}?start=${encodeURIComponent('2030-01-08T00:00:00Z')}&end=${encodeURIComponent('2030-01-09T00:00:00Z')}`;
    const own = ((await call(o.t, o.me, 'GET', url)).json() as Row[]).find((r) => r.DeskId === 'D4');
    expect(own).toMatchObject({ IsMine: true, Occupant: null });
    expect(own!.BookingId).toEqual(expect.any(Number));
  });

  it('names everyone but the hidden under "everyone"', async () => {
    await setNames(o.t.pool, 'everyone');
    expect(await occupants(o.me)).toEqual({
      D1: 'Tom Mate (TM)', D2: null, D3: 'Sam Stranger (SS)', D4: null, D5: 'Bea Behalf (BB)', D6: null,
    });
    expect((await occupants(o.loner)).D4).toBe('Mia Viewer (MV)');
  });

  it('names nobody under "off"', async () => {
    await setNames(o.t.pool, 'off');
    expect(Object.values(await occupants(o.me)).every((v) => v === null)).toBe(true);
  });

  it('names nobody to a person in no team under "teammates"', async () => {
    expect(Object.values(await occupants(o.loner)).every((v) => v === null)).toBe(true);
  });

  it('follows a person\'s own choice to hide, saved in their profile', async () => {
    const save = (hide: boolean) => call(o.t, o.mate, 'POST', '/api/users/me',
      { FullName: 'Tom Mate', Organisation: 'Org', Phone: '1', UseTeams: false, HideNameOnMap: hide });
    await save(true);
    expect((await occupants(o.me)).D1).toBeNull();
    await save(false);
    expect((await occupants(o.me)).D1).toBe('Tom Mate (TM)');
  });

  it('never includes an e-mail address', async () => {
    await setNames(o.t.pool, 'everyone');
    const url = `/api/bookings/for/${o.london.floorplanId}?start=${encodeURIComponent('2030-01-08T00:00:00Z')}&end=${encodeURIComponent('2030-01-09T00:00:00Z')}`;
    expect((await call(o.t, o.me, 'GET', url)).body).not.toContain('@');
  });
});

// The route sends the items as JSON text without the schema's per-item encoding (deskBooking.routes.ts),
// and PostgreSQL writes the instants (deskBooking.repo.ts): both must be what the schema and Date make.
describe('the occupancy answer as JSON text', () => {
  it('is, byte for byte, the response schema\'s encoding of its items, with instants as toISOString writes them', async () => {
    const start = new Date('2030-01-08T17:30:05.250Z'), finish = new Date('2030-01-08T18:00:00.007Z');
    await insertDeskBooking(o.t.pool, o.london, 'D7', o.me, start.toISOString(), finish.toISOString());
    try {
      for (const setting of ['everyone', 'teammates', 'off'] as const) {
        await setNames(o.t.pool, setting);
        const url = `/api/bookings/for/${o.london.floorplanId}?start=${encodeURIComponent('2030-01-08T00:00:00Z')}&end=${encodeURIComponent('2030-01-09T00:00:00Z')}`;
        const res = await call(o.t, o.me, 'GET', url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        const items = z.array(DeskOccupancy).parse(JSON.parse(res.body));
        expect(items).toHaveLength(7);
        expect(res.body).toBe(JSON.stringify(z.array(DeskOccupancy).encode(items)));
        expect(items.find((i) => i.DeskId === 'D7')).toMatchObject({ Start: start.toISOString(), Finish: finish.toISOString(), IsMine: true, Occupant: null });
        expect(items.find((i) => i.DeskId === 'D5')).toMatchObject({ Start: '2030-01-08T08:00:00.000Z', Finish: '2030-01-08T12:00:00.000Z', IsMine: false, BookingId: null });
      }
    } finally {
      await o.t.pool.query("DELETE FROM bookings WHERE desk_id = 'D7'");
    }
  });
});
