import { describe, expect, it } from 'vitest';
import type { Closure } from '../../../domain/wire/closures.js';
import { closedDays, closedFloor, closesLocation, closesRoom, closuresOver, mergeClosures } from './closedPlaces.js';

const scope = (o: Partial<Closure['Scope']> = {}): Closure['Scope'] => ({ WholeSite: false, LocationIds: [], RoomIds: [], Desks: [], ...o });
const closure = (id: number, s: Partial<Closure['Scope']>, start: string, end: string, reason = `Reason ${id}`): Closure =>
  ({ Id: id, SiteId: 1, Scope: scope(s), Start: start, End: end, Reason: reason, RepeatsYearly: false });
// London is on BST (UTC+1) in April 2030.
const at = (day: number, hhmm: string) => new Date(`2030-04-${String(day).padStart(2, '0')}T${hhmm}:00+01:00`);

describe('closedFloor: the desks a floor map draws closed', () => {
  const deskD1 = closure(1, { Desks: [{ FloorplanId: 7, DeskId: 'D1' }, { FloorplanId: 8, DeskId: 'D2' }] }, at(2, '09:00').toISOString(), at(2, '12:00').toISOString());
  const floor2 = closure(2, { LocationIds: [20] }, at(3, '00:00').toISOString(), at(4, '00:00').toISOString());
  const site = closure(3, { WholeSite: true }, at(5, '00:00').toISOString(), at(6, '00:00').toISOString());
  const list = [deskD1, floor2, site];
  const where = { locationId: 10, floorplanId: 7 };

  it('names single desks of this floorplan only, over the chosen time only', () => {
    const c = closedFloor(list, where, ['D1', 'D2', 'D3'], at(2, '11:00'), at(2, '17:00'));
    expect(c.floor).toBeNull();
    expect([...c.desks.keys()]).toEqual(['D1']);
    expect(closedFloor(list, where, ['D1'], at(2, '12:00'), at(2, '17:00')).desks.size).toBe(0); // [start, end): touching is not overlapping
  });
  it('closes every desk when the floor or the whole site is closed, and says which closure', () => {
    expect(closedFloor(list, where, ['D1', 'D2'], at(3, '09:00'), at(3, '17:00')).floor).toBeNull(); // another floor
    const c = closedFloor(list, where, ['D1', 'D2'], at(5, '09:00'), at(5, '17:00'));
    expect(c.floor?.Id).toBe(3);
    expect([...c.desks]).toEqual([['D1', site], ['D2', site]]);
    expect(closedFloor(list, { locationId: 20, floorplanId: 9 }, ['X'], at(3, '09:00'), at(3, '17:00')).floor?.Id).toBe(2);
  });
});

describe('rooms', () => {
  it('a room is closed by itself, its floor or the whole site', () => {
    const room = { id: 5, locationId: 10 };
    expect(closesRoom(closure(1, { RoomIds: [5] }, '2030-01-01T00:00:00Z', '2030-01-02T00:00:00Z'), room)).toBe(true);
    expect(closesRoom(closure(1, { LocationIds: [10] }, '2030-01-01T00:00:00Z', '2030-01-02T00:00:00Z'), room)).toBe(true);
    expect(closesRoom(closure(1, { WholeSite: true }, '2030-01-01T00:00:00Z', '2030-01-02T00:00:00Z'), room)).toBe(true);
    expect(closesRoom(closure(1, { RoomIds: [6], LocationIds: [11] }, '2030-01-01T00:00:00Z', '2030-01-02T00:00:00Z'), room)).toBe(false);
    expect(closuresOver([closure(1, { RoomIds: [5] }, '2030-01-01T10:00:00Z', '2030-01-01T11:00:00Z')],
      new Date('2030-01-01T11:00:00Z'), new Date('2030-01-01T12:00:00Z'))).toEqual([]);
  });
});

describe('closedDays: the date strip marks', () => {
  const days = ['2030-04-01', '2030-04-02', '2030-04-03', '2030-04-04'];
  const open = [8 * 60, 23 * 60 + 45] as const;

  it('marks a day closed all day when one closure covers its bookable hours, partly when it covers some', () => {
    const whole = closure(1, { WholeSite: true }, at(2, '00:00').toISOString(), at(3, '00:00').toISOString(), 'Holiday');
    const part = closure(2, { LocationIds: [10] }, at(3, '13:00').toISOString(), at(3, '15:00').toISOString(), 'Fire drill');
    const otherFloor = closure(3, { LocationIds: [11] }, at(4, '00:00').toISOString(), at(5, '00:00').toISOString());
    const oneDesk = closure(4, { Desks: [{ FloorplanId: 7, DeskId: 'D1' }] }, at(1, '00:00').toISOString(), at(2, '00:00').toISOString());
    const marks = closedDays([whole, part, otherFloor, oneDesk], (c) => closesLocation(c, 10), days, 'Europe/London', ...open);
    expect([...marks].map(([d, m]) => [d, m.closure.Reason, m.allDay])).toEqual([['2030-04-02', 'Holiday', true], ['2030-04-03', 'Fire drill', false]]);
  });
  it('uses the site clock: a UTC-midnight closure is 01:00-01:00 in London and leaves 00:00-01:00 of the next day', () => {
    const utcDay = closure(1, { WholeSite: true }, '2030-04-02T00:00:00Z', '2030-04-03T00:00:00Z');
    const marks = closedDays([utcDay], (c) => closesLocation(c, 10), days, 'Europe/London', 0, 24 * 60);
    expect([...marks].map(([d, m]) => [d, m.allDay])).toEqual([['2030-04-02', false], ['2030-04-03', false]]);
    expect(closedDays([utcDay], (c) => closesLocation(c, 10), days, 'Europe/London', ...open).get('2030-04-02')?.allDay).toBe(true);
  });
});

describe('mergeClosures', () => {
  it('merges the answers: an occurrence in both once, by start', () => {
    const c = (Id: number, Start: string) => ({ Id, SiteId: 1, Scope: { WholeSite: true, LocationIds: [], RoomIds: [], Desks: [] }, Start, End: Start, Reason: 'x', RepeatsYearly: false });
    expect(mergeClosures([[c(2, '2031-01-02T00:00:00Z'), c(1, '2030-01-01T00:00:00Z')], undefined, [c(1, '2030-01-01T00:00:00Z')]]).map((x) => x.Id)).toEqual([1, 2]);
  });
});
