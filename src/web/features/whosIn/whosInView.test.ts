import { describe, expect, it } from 'vitest';
import type { WhosInPerson, WhosInResponse } from '../../../domain/wire/whosIn.js';
import { addDays, emptyMessage, findColleague, showOnMapPath } from './whosInView.js';

const person = (Name: string, o: Partial<WhosInPerson> = {}): WhosInPerson => ({
  Name, Initials: 'XX', DeskId: 'D 1', DeskName: 'Desk 1', FloorplanId: 3, FloorplanName: 'Plan', LocationId: 2, LocationName: 'Floor 1',
  Start: '2030-01-08T09:00:00.000Z', Finish: '2030-01-08T17:00:00.000Z', ...o,
});
const data: WhosInResponse = {
  Date: '2030-01-08', NamesOnMap: 'teammates',
  Sites: [
    { SiteId: 1, SiteName: 'London', TimeZone: 'Europe/London', People: [person('Zoë Adams'), person('Tom Mate')] },
    { SiteId: 2, SiteName: 'Sydney', TimeZone: 'Australia/Sydney', People: [person('Tom Other')] },
  ],
};

describe('showOnMapPath', () => {
  it('opens the desk screen on the booking hours in the site time zone with the desk selected', () => {
    expect(showOnMapPath(person('A'), data.Sites[0]!, '2030-01-08'))
      .toBe('/menu/book/desk/2030-01-08T09%3A00/2030-01-08T17%3A00/1/2/3?desk=D%201');
  });
  it('keeps the hours within the chosen day of the site', () => {
    const overnight = person('A', { Start: '2030-01-07T20:00:00.000Z', Finish: '2030-01-08T10:00:00.000Z' });
    expect(showOnMapPath(overnight, data.Sites[0]!, '2030-01-08')).toContain('/2030-01-08T00%3A00/2030-01-08T10%3A00/');
    const sydney = person('B', { Start: '2030-01-07T22:00:00.000Z', Finish: '2030-01-08T06:00:00.000Z' });
    expect(showOnMapPath(sydney, data.Sites[1]!, '2030-01-08')).toContain('/2030-01-08T09%3A00/2030-01-08T17%3A00/2/');
  });
});

describe('findColleague', () => {
  it('matches every typed word, ignoring case and accents, and drops sites without a match', () => {
    expect(findColleague(data, 'zoe').map((s) => s.People.map((p) => p.Name))).toEqual([['Zoë Adams']]);
    expect(findColleague(data, 'TOM').map((s) => s.SiteName)).toEqual(['London', 'Sydney']);
    expect(findColleague(data, 'tom oth').flatMap((s) => s.People.map((p) => p.Name))).toEqual(['Tom Other']);
    expect(findColleague(data, 'nobody')).toEqual([]);
    expect(findColleague(data, '  ')).toBe(data.Sites);
  });
});

describe('emptyMessage and addDays', () => {
  it('says why the list is empty', () => {
    expect(emptyMessage({ ...data, NamesOnMap: 'off' }, true, 'Tuesday')).toMatch(/turned names off/);
    expect(emptyMessage(data, false, 'Tuesday')).toMatch(/not in a team/);
    expect(emptyMessage(data, true, 'Tuesday')).toBe('None of your teammates has a desk booked on Tuesday.');
    expect(emptyMessage({ ...data, NamesOnMap: 'everyone' }, false, 'Tuesday')).toBe('Nobody has a desk booked on Tuesday.');
  });
  it('adds days across months and years', () => {
    expect(addDays('2030-12-31', 1)).toBe('2031-01-01');
    expect(addDays('2030-03-01', -1)).toBe('2030-02-28');
  });
});
