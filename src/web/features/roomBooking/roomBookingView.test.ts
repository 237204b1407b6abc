import { describe, expect, it } from 'vitest';
import { roomEndOptions, roomStartOptions } from '../../../domain/roomTimes.js';
import {
  emptyResultMessage, endChoices, fromShown, latestEnd, minutesLabel, monthSelectionToSlot, NO_AVAILABILITY, NO_ROOMS_RESTRICTED, rangeLabel,
  shownRange, slotFromKey, slotKey, slotLabel, slotState, slotText, stepDate, toShown, truncateTitle, visibleDays, closureAt,
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
    // The shared format (src/domain/dateFormat.ts), en-GB where no browser language is known; ICU's commas vary.
    expect(slotText(new Date('2030-04-02T08:00:00Z'), new Date('2030-04-02T09:30:00Z'), 'Europe/London').replace(/,/g, '')).toBe('Tuesday 2 April 2030 09:00–10:30');
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
    expect(monthSelectionToSlot(new Date(2030, 3, 3), new Date(2030, 3, 4), now, 20 * 60)).toEqual({ start: new Date(2030, 3, 3, 9, 0), end: new Date(2030, 3, 3, 17, 0) });
  });
  it('on today after 09:00 starts at the next quarter hour', () => {
    const later = new Date(2030, 3, 1, 10, 7);
    expect(monthSelectionToSlot(new Date(2030, 3, 1), new Date(2030, 3, 2), later, 20 * 60)).toEqual({ start: new Date(2030, 3, 1, 10, 15), end: new Date(2030, 3, 1, 17, 0) });
    const evening = new Date(2030, 3, 1, 17, 30);
    const s = monthSelectionToSlot(new Date(2030, 3, 1), new Date(2030, 3, 2), evening, 18 * 60);
    expect(s).toEqual({ start: new Date(2030, 3, 1, 17, 45), end: new Date(2030, 3, 1, 18, 0) });
  });
});

describe('the time grid (issue 20)', () => {
  const at = (d: number, h: number, m = 0) => new Date(2030, 3, d, h, m);
  it('shows one day, a whole week or a work week as columns', () => {
    expect(visibleDays('day', at(17, 15))).toEqual([new Date(2030, 3, 17)]);
    expect(visibleDays('week', at(17, 15)).map((d) => d.getDate())).toEqual([15, 16, 17, 18, 19, 20, 21]);
    expect(visibleDays('work_week', at(21, 9)).map((d) => d.getDate())).toEqual([15, 16, 17, 18, 19]);
    expect(visibleDays('month', at(17, 9))).toEqual([]);
  });
  it('steps a day, a week or a month', () => {
    expect(stepDate('day', at(30, 9), 1)).toEqual(new Date(2030, 4, 1, 9));
    expect(stepDate('week', at(17, 9), -1)).toEqual(at(10, 9));
    expect(stepDate('month', at(17, 9), 1)).toEqual(new Date(2030, 4, 17, 9));
  });
  it('names the range in the toolbar', () => {
    expect(rangeLabel('day', at(17, 9), false).replace(/,/g, '')).toBe('Wednesday 17 April 2030');
    expect(rangeLabel('day', at(17, 9), true).replace(/,/g, '')).toBe('Wed 17 Apr 2030');
    expect(rangeLabel('week', at(17, 9), false)).toMatch(/^15\s?–\s?21 Apr 2030$/);
    expect(rangeLabel('month', at(17, 9), false)).toBe('April 2030');
  });
  it('calls a slot past once its start has gone, booked when a booking overlaps it, else free', () => {
    const now = at(17, 10, 5);
    const bookings = [{ start: at(17, 11), end: at(17, 12) }];
    expect(slotState(at(17, 10), at(17, 10, 30), now, bookings)).toBe('past');
    expect(slotState(at(17, 10, 30), at(17, 11), now, bookings)).toBe('free'); // back to back is free
    expect(slotState(at(17, 11, 30), at(17, 12), now, bookings)).toBe('booked');
    expect(slotState(at(16, 15), at(16, 15, 30), now, [])).toBe('past');
  });
  it('announces a slot with its day, times and state', () => {
    expect(slotLabel(at(17, 10), at(17, 10, 30), 'free').replace(/,/g, '')).toBe('Wednesday 17 April 2030 10:00–10:30 free');
    expect(slotLabel(at(17, 8), at(17, 8, 30), 'past').replace(/,/g, '')).toBe('Wednesday 17 April 2030 08:00–08:30 past cannot be booked');
  });
  it('finds the closure over a slot and names the slot closed (issue 22)', () => {
    const closures = [{ start: at(17, 13), end: at(17, 15), reason: 'Fire drill', until: at(17, 15) }];
    expect(closureAt(at(17, 14), at(17, 14, 30), closures)?.reason).toBe('Fire drill');
    expect(closureAt(at(17, 15), at(17, 15, 30), closures)).toBeUndefined(); // back to back is open
    expect(slotLabel(at(17, 13), at(17, 13, 30), 'closed').replace(/,/g, '')).toBe('Wednesday 17 April 2030 13:00–13:30 closed');
    // The form's ends stop at a closure, as at a booking.
    expect(latestEnd(at(17, 10), 20 * 60, closures)).toEqual(at(17, 13));
  });
  it('keys slots by their shown time and reads the key back', () => {
    expect(slotKey(at(17, 9, 30))).toBe('2030-04-17T09:30');
    expect(slotFromKey('2030-04-17T09:30')).toEqual(at(17, 9, 30));
  });
  it('offers ends up to the next booking or the end of the day, in quarter hours', () => {
    const bookings = [{ start: at(17, 11), end: at(17, 12) }, { start: at(17, 9), end: at(17, 9, 30) }];
    expect(latestEnd(at(17, 10), 20 * 60, bookings)).toEqual(at(17, 11));
    expect(latestEnd(at(17, 12), 20 * 60, bookings)).toEqual(at(17, 20));
    expect(endChoices(at(17, 10), at(17, 11)).map((d) => d.getMinutes())).toEqual([15, 30, 45, 0]);
  });
});
