import { describe, expect, it } from 'vitest';
import type { Desk } from '../../../domain/layout/drawing.js';
import type { DeskOccupancy } from '../../../domain/wire/bookings.js';
import { deskDetailsFor, deskStatesFor, deskTimeOptions, freeDeskChoices, freeDesks } from './deskBookingView.js';

const desk = (id: string, bookable = true): Desk => ({ id, alias: `Desk ${id}`, x: 0, y: 0, rotation: 0, bookable, assignedTeams: [], tags: [] });
const occ = (DeskId: string, IsMine: boolean): DeskOccupancy => ({
  DeskId, IsMine, Start: '2030-03-12T09:00:00.000Z', Finish: '2030-03-12T12:00:00.000Z', Status: 1, BookingId: IsMine ? 1 : null,
});

describe('desk booking view', () => {
  it('gives each desk its state', () => {
    const states = deskStatesFor([desk('1'), desk('2'), desk('3'), desk('4', false)], [occ('2', false), occ('3', true), occ('4', false)]);
    expect(Object.fromEntries(states)).toEqual({ 1: 'bookable', 2: 'taken', 3: 'mine', 4: 'nonBookable' });
  });
  it('lists free desks in natural order', () => {
    const desks = [desk('10'), desk('2'), desk('1'), desk('3', false)];
    expect(freeDesks(desks, deskStatesFor(desks, [])).map((d) => d.name)).toEqual(['Desk 1', 'Desk 2', 'Desk 10']);
  });
  it('says when a taken desk is booked, in the site zone', () => {
    expect(deskDetailsFor([occ('2', false)], 'Europe/London').get('2')).toBe('booked 09:00 to 12:00');
    expect(deskDetailsFor([occ('2', false)], 'America/New_York').get('2')).toBe('booked 05:00 to 08:00');
  });
  it('names the occupant only when the answer does, and not when asked for the times alone', () => {
    const named = { ...occ('2', false), Occupant: { Name: 'Ann Example', Initials: 'AE' } };
    expect(deskDetailsFor([named], 'Europe/London').get('2')).toBe('booked by Ann Example, 09:00 to 12:00');
    expect(deskDetailsFor([named], 'Europe/London', false).get('2')).toBe('booked 09:00 to 12:00');
    expect(deskDetailsFor([{ ...named, Occupant: null }], 'Europe/London').get('2')).toBe('booked 09:00 to 12:00');
  });
  it('offers quarter hours from 08:00; starts to 23:30, ends to 23:45', () => {
    const o = deskTimeOptions('2030-03-12', { date: '2030-03-01', minutes: 600 });
    expect(o.starts[0]).toBe(480);
    expect(o.starts.at(-1)).toBe(23 * 60 + 30);
    expect(o.ends[0]).toBe(495);
    expect(o.ends.at(-1)).toBe(23 * 60 + 45);
    const today = deskTimeOptions('2030-03-01', { date: '2030-03-01', minutes: 14 * 60 + 20 });
    expect(today.starts[0]).toBe(14 * 60);
    expect(today.earliest).toBe(14 * 60);
  });
});

describe('freeDeskChoices', () => {
  const desks = Array.from({ length: 250 }, (_, i) => ({ id: `D${i + 1}`, name: `Desk ${i + 1}` }));
  it('shows at most the limit and counts every match', () => {
    const r = freeDeskChoices(desks, '', null, 100);
    expect(r.shown).toHaveLength(100);
    expect(r.matching).toBe(250);
  });
  it('narrows by part of a name or id, in any case, trimmed', () => {
    const r = freeDeskChoices(desks, '  DESK 24 ', null, 100);
    expect(r.shown.map((d) => d.id)).toEqual(['D24', 'D240', 'D241', 'D242', 'D243', 'D244', 'D245', 'D246', 'D247', 'D248', 'D249']);
    expect(freeDeskChoices(desks, 'd7', null, 100).shown[0]!.id).toBe('D7');
    expect(freeDeskChoices(desks, 'nothing', null, 100)).toEqual({ shown: [], matching: 0 });
  });
  it('keeps the desk chosen on the drawing in the list when the limit or search leaves it out', () => {
    expect(freeDeskChoices(desks, '', 'D200', 100).shown.at(-1)).toEqual({ id: 'D200', name: 'Desk 200' });
    expect(freeDeskChoices(desks, 'Desk 3', 'D200', 100).shown.at(-1)!.id).toBe('D200');
    expect(freeDeskChoices(desks, '', 'D5', 100).shown).toHaveLength(100);
  });
});
