import { describe, expect, it } from 'vitest';
import type { Desk } from '../../../domain/layout/drawing.js';
import type { DeskOccupancy } from '../../../domain/wire/bookings.js';
import { deskDetailsFor, deskStatesFor, deskTimeOptions, freeDesks, parseDrawing } from './deskBookingView.js';

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
  it('refuses a layout that is not a drawing', () => {
    expect(parseDrawing('not json')).toBeNull();
    expect(parseDrawing('{"desks": 3}')).toBeNull();
    expect(parseDrawing(undefined)).toBeNull();
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
