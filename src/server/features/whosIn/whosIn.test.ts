import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from '../orgAccess/orgTestKit.js';
import { insertDeskBooking, setNames, whosInOrganisation } from './whosInTestKit.js';
import { TOO_MANY_READS } from '../../http/perPersonLimit.js';
import { WHOS_IN_READS_PER_MINUTE } from './whosIn.service.js';
import { WhosInResponse } from '../../../domain/wire/whosIn.js';

let o: Awaited<ReturnType<typeof whosInOrganisation>>;
beforeAll(async () => {
  o = await whosInOrganisation();
  const { t, london, sydney } = o;
  // Tuesday 8 January 2030 in London (UTC in winter) ...
  await insertDeskBooking(t.pool, london, 'D1', o.mate, '2030-01-08T09:00:00Z', '2030-01-08T17:00:00Z');
  await insertDeskBooking(t.pool, london, 'D2', o.hidden, '2030-01-08T09:00:00Z', '2030-01-08T17:00:00Z');
  await insertDeskBooking(t.pool, london, 'D3', o.stranger, '2030-01-08T09:00:00Z', '2030-01-08T17:00:00Z');
  await insertDeskBooking(t.pool, london, 'D4', o.me, '2030-01-08T09:00:00Z', '2030-01-08T17:00:00Z');
  // ... a teammate booked by a stranger on their behalf: the teammate sits there ...
  await insertDeskBooking(t.pool, london, 'D5', o.stranger, '2030-01-08T08:00:00Z', '2030-01-08T12:00:00Z', 'Behalf@Example.org');
  // ... and someone known only by an address (no account): never named.
  await insertDeskBooking(t.pool, london, 'D6', o.stranger, '2030-01-08T13:00:00Z', '2030-01-08T15:00:00Z', 'visitor@elsewhere.example');
  // Sydney is 11 hours ahead: 09:00 on the 8th there is 22:00 on the 7th in UTC.
  await insertDeskBooking(t.pool, sydney, 'D1', o.mate, '2030-01-07T22:00:00Z', '2030-01-08T06:00:00Z');
});
afterAll(() => o.t.dropDatabase());
beforeEach(async () => {
  await setNames(o.t.pool, 'teammates');
  await o.t.pool.query('DELETE FROM read_limits');
});

const whosIn = (who: typeof o.me | undefined, query: string) => call(o.t, who, 'GET', `/api/whos-in${query}`);
const names = (body: { Sites: { SiteName: string; People: { Name: string }[] }[] }) =>
  body.Sites.flatMap((s) => s.People.map((p) => `${s.SiteName}: ${p.Name}`));

describe('GET /api/whos-in shows', () => {
  it('teammates with a desk that day, per site in each site\'s own day, with desk and floor, and nobody else', async () => {
    const res = await whosIn(o.me, '?date=2030-01-08');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.NamesOnMap).toBe('teammates');
    expect(names(body)).toEqual(['London: Bea Behalf', 'London: Tom Mate', 'Sydney: Tom Mate']);
    expect(body.Sites[0]).toMatchObject({ SiteId: o.london.siteId, SiteName: 'London', TimeZone: 'Europe/London' });
    expect(body.Sites[0].People[1]).toEqual({
      Name: 'Tom Mate', Initials: 'TM', DeskId: 'D1', DeskName: 'Desk D1', FloorplanId: o.london.floorplanId, FloorplanName: 'Plan',
      LocationId: o.london.locationId, LocationName: 'Floor 1', Start: '2030-01-08T09:00:00.000Z', Finish: '2030-01-08T17:00:00.000Z',
    });
  });

  it('never an e-mail address nor a user id', async () => {
    await setNames(o.t.pool, 'everyone');
    const text = (await whosIn(o.me, '?date=2030-01-08')).body;
    expect(text).not.toContain('@');
    expect(text).not.toMatch(/UserId|Email|"Id"/);
  });

  it('Sydney\'s 8th starts on the 7th in UTC: that booking is not in Sydney\'s 7th', async () => {
    expect(names((await whosIn(o.me, '?date=2030-01-07')).json())).toEqual([]);
  });

  it('everyone under the organisation setting "everyone", still without the hidden person, the caller and address-only holders', async () => {
    await setNames(o.t.pool, 'everyone');
    expect(names((await whosIn(o.me, '?date=2030-01-08')).json()))
      .toEqual(['London: Bea Behalf', 'London: Sam Stranger', 'London: Tom Mate', 'Sydney: Tom Mate']);
    // Someone in no team at all sees everyone too.
    expect(names((await whosIn(o.loner, '?date=2030-01-08')).json())).toContain('London: Mia Viewer');
  });

  it('nobody when the organisation turns names off, teammates included', async () => {
    await setNames(o.t.pool, 'off');
    expect((await whosIn(o.me, '?date=2030-01-08')).json()).toEqual({ Date: '2030-01-08', NamesOnMap: 'off', Sites: [] });
  });

  it('nobody to a person in no team under "teammates"', async () => {
    expect((await whosIn(o.loner, '?date=2030-01-08')).json().Sites).toEqual([]);
  });

  it('a person who hides their name in their profile disappears at once, and reappears when they stop', async () => {
    const save = (hide: boolean) => call(o.t, o.mate, 'POST', '/api/users/me',
      { FullName: 'Tom Mate', Organisation: 'Org', Phone: '1', UseTeams: false, HideNameOnMap: hide });
    expect((await save(true)).statusCode).toBe(200);
    await setNames(o.t.pool, 'everyone');
    expect(names((await whosIn(o.me, '?date=2030-01-08')).json())).toEqual(['London: Bea Behalf', 'London: Sam Stranger']);
    expect((await save(false)).statusCode).toBe(200);
    expect(names((await whosIn(o.me, '?date=2030-01-08')).json())).toContain('London: Tom Mate');
  });

  it('a renamed person shows under the new name and initials at once', async () => {
    await setNames(o.t.pool, 'everyone');
    expect(names((await whosIn(o.me, '?date=2030-01-08')).json())).toContain('London: Sam Stranger');
    await o.t.pool.query("UPDATE users SET full_name = 'Sue Renamed' WHERE id = $1", [o.stranger.id]);
    const people = (await whosIn(o.me, '?date=2030-01-08')).json().Sites[0].People as { Name: string; Initials: string }[];
    await o.t.pool.query("UPDATE users SET full_name = 'Sam Stranger' WHERE id = $1", [o.stranger.id]);
    expect(people.map((p) => p.Name)).not.toContain('Sam Stranger');
    expect(people).toContainEqual(expect.objectContaining({ Name: 'Sue Renamed', Initials: 'SR' }));
  });

  it('the answer\'s text is the response schema\'s encoding, sent as JSON', async () => {
    for (const [setting, who] of [['everyone', o.me], ['teammates', o.me], ['teammates', o.loner], ['off', o.me]] as const) {
      await setNames(o.t.pool, setting);
      const res = await whosIn(who, '?date=2030-01-08');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toBe(JSON.stringify(WhosInResponse.encode(WhosInResponse.parse(res.json()))));
    }
  });

  it('cancelled bookings are not "in"', async () => {
    await o.t.pool.query("UPDATE bookings SET status = 3 WHERE desk_id = 'D5' AND floorplan_id = $1", [o.london.floorplanId]);
    expect(names((await whosIn(o.me, '?date=2030-01-08')).json())).not.toContain('London: Bea Behalf');
    await o.t.pool.query("UPDATE bookings SET status = 1 WHERE desk_id = 'D5' AND floorplan_id = $1", [o.london.floorplanId]);
  });
});

describe('GET /api/whos-in refuses', () => {
  it('signed-out callers with 401', async () => {
    const res = await whosIn(undefined, '?date=2030-01-08');
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('Tom');
  });

  it.each([
    ['no date', ''],
    ['a date that is not YYYY-MM-DD', '?date=08/01/2030'],
    ['an impossible date', '?date=2030-02-30'],
    ['a date-time', '?date=2030-01-08T09:00'],
    ['an unknown parameter', '?date=2030-01-08&team=1'],
    ['a day over a year ahead', '?date=2031-01-09'],
    ['a day over a month back', '?date=2029-12-06'],
  ])('%s with 400 and a message', async (_name, query) => {
    const res = await whosIn(o.me, query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Code: 'BAD_INPUT' });
    expect(res.json().Error.length).toBeGreaterThan(5);
  });

  it('the edges of the window are accepted', async () => {
    expect((await whosIn(o.me, '?date=2029-12-07')).statusCode).toBe(200);
    expect((await whosIn(o.me, '?date=2031-01-08')).statusCode).toBe(200);
  });

  it(`more than ${WHOS_IN_READS_PER_MINUTE} reads a minute by one person with 429; other people are not held up`, async () => {
    let last = 0;
    for (let i = 0; i <= WHOS_IN_READS_PER_MINUTE && last !== 429; i++) last = (await whosIn(o.me, '?date=2030-01-08')).statusCode;
    // A minute may turn during the loop and start the count again: then fill the new minute directly.
    if (last !== 429) {
      await o.t.pool.query("UPDATE read_limits SET reads = $1, window_start = date_trunc('minute', now()) WHERE key = $2", [WHOS_IN_READS_PER_MINUTE, `whosIn:${o.me.id}`]);
      last = (await whosIn(o.me, '?date=2030-01-08')).statusCode;
    }
    expect(last).toBe(429);
    const refused = await whosIn(o.me, '?date=2030-01-08');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ Error: TOO_MANY_READS, Code: 'TOO_MANY_ATTEMPTS' });
    expect((await whosIn(o.mate, '?date=2030-01-08')).statusCode).toBe(200);
  });

  it('a past minute\'s count is forgotten', async () => {
    await o.t.pool.query("INSERT INTO read_limits VALUES ($1, date_trunc('minute', now()) - interval '1 minute', 1000)", [`whosIn:${o.me.id}`]);
    expect((await whosIn(o.me, '?date=2030-01-08')).statusCode).toBe(200);
    expect((await o.t.pool.query('SELECT reads FROM read_limits WHERE key = $1', [`whosIn:${o.me.id}`])).rows[0].reads).toBe(1);
  });
});
