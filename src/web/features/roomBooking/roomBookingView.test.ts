import { describe, expect, it } from 'vitest';
import { roomEndOptions, roomStartOptions } from '../../../domain/roomTimes.js';
import {
  emptyResultMessage, fromShown, minutesLabel, monthSelectionToSlot, NO_AVAILABILITY, NO_ROOMS_RESTRICTED, shownRange, slotText, toShown, truncateTitle,
} from './roomBookingView.js';

describe('room time lists', () => {
  it('offer 44 starts 08:00–18:45 and 45 ends 08:00–19:00 in quarter hours', () => {
    const starts = roomStartOptions().map(minutesLabel);
    const ends = roomEndOptions().map(minutesLabel);
    expect(starts).toHaveLength(44);
    expect(ends).toHaveLength(45);
    expect([starts[0], starts[1], starts.at(-1)]).toEqual(['08:00', '08:15', '18:45']);
    expect([ends[0], ends.at(-1)]).toEqual(['08:00', '19:00']);
  });
});

describe('truncateTitle', () => {
  it('keeps titles up to 100 characters and cuts longer ones to 100', () => {
    expect(truncateTitle('a'.repeat(100))).toBe('a'.repeat(100));
    const cut = truncateTitle('b'.repeat(101));
    expect(cut).toHaveLength(100);
    expect(cut.endsWith('…')).toBe(true);
    expect(truncateTitle('')).toBe('');
  });
});

describe('emptyResultMessage', () => {
  it('blames restrictions only when the person may choose no room there', () => {
    expect(emptyResultMessage(0)).toBe(NO_ROOMS_RESTRICTED);
    expect(emptyResultMessage(3)).toBe(NO_AVAILABILITY);
  });
});

describe('site-zone bridge for the calendar', () => {
  it('shows the site wall clock and maps a selection back to the instant', () => {
    const instant = new Date('2030-04-02T08:00:00Z'); // 09:00 in London (BST), 04:00 in New York
    const shown = toShown(instant, 'Europe/London');
    expect([shown.getHours(), shown.getMinutes(), shown.getDate()]).toEqual([9, 0, 2]);
    expect(fromShown(shown, 'Europe/London').toISOString()).toBe(instant.toISOString());
    const ny = toShown(instant, 'America/New_York');
    expect(ny.getHours()).toBe(4);
    expect(fromShown(ny, 'America/New_York').toISOString()).toBe(instant.toISOString());
  });
  it('slotText names the day and times in the zone', () => {
    expect(slotText(new Date('2030-04-02T08:00:00Z'), new Date('2030-04-02T09:30:00Z'), 'Europe/London')).toBe('Tue 2 Apr 2030, 09:00–10:30');
  });
});

describe('shownRange', () => {
  it('covers the visible grid of each view, at most 62 days', () => {
    const d = new Date(2030, 3, 17);
    for (const view of ['month', 'week', 'work_week', 'day', 'agenda'] as const) {
      const r = shownRange(view, d);
      expect(r.start <= d && d < r.end).toBe(true);
      expect((r.end.getTime() - r.start.getTime()) / 86_400_000).toBeLessThanOrEqual(62);
    }
    expect(shownRange('week', d).start).toEqual(new Date(2030, 3, 15)); // Monday
  });
});

describe('monthSelectionToSlot', () => {
  const now = new Date(2030, 3, 1, 7, 0);
  it('books the usual 09:00–17:00 of the chosen day', () => {
    expect(monthSelectionToSlot(new Date(2030, 3, 3), new Date(2030, 3, 4), now)).toEqual({ start: new Date(2030, 3, 3, 9, 0), end: new Date(2030, 3, 3, 17, 0) });
  });
  it('on today after 09:00 starts at the next quarter hour', () => {
    const later = new Date(2030, 3, 1, 10, 7);
    expect(monthSelectionToSlot(new Date(2030, 3, 1), new Date(2030, 3, 2), later)).toEqual({ start: new Date(2030, 3, 1, 10, 15), end: new Date(2030, 3, 1, 17, 0) });
    const evening = new Date(2030, 3, 1, 17, 30);
    const s = monthSelectionToSlot(new Date(2030, 3, 1), new Date(2030, 3, 2), evening);
    expect(s).toEqual({ start: new Date(2030, 3, 1, 17, 45), end: new Date(2030, 3, 1, 18, 0) });
  });
});
