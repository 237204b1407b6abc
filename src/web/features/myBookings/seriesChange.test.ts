import { describe, expect, it } from 'vitest';
import { changeFrom, clockTime, datesToMove, waitingAfterChange } from './seriesChange.js';

const occ = (BookingId: number, Date: string, Status = 1) => ({ BookingId, Date, Start: `${Date}T09:00:00Z`, Status });

describe('changing the times of a repeating booking', () => {
  const all = [occ(1, '2030-04-01'), occ(2, '2030-04-08', 3), occ(3, '2030-04-15'), occ(4, '2030-04-22', 0), occ(5, '2030-04-29', 2)];

  it('moves the active occurrences not yet started from the chosen day on', () => {
    const now = new Date('2030-04-10T00:00:00Z');
    expect(datesToMove(all, '2030-04-15', now)).toEqual(['2030-04-15', '2030-04-22']);
    // From an earlier day: the started first one and the cancelled second one stay.
    expect(datesToMove(all, '2030-04-01', now)).toEqual(['2030-04-15', '2030-04-22']);
    expect(datesToMove(all, '2030-04-01', new Date('2030-03-01T00:00:00Z'))).toEqual(['2030-04-01', '2030-04-15', '2030-04-22']);
    expect(datesToMove(all, '2030-04-23', now)).toEqual([]);
  });

  it('starts "the whole series" at its first day and "the following" at the chosen one', () => {
    expect(changeFrom('Following', all, '2030-04-15')).toBe('2030-04-15');
    expect(changeFrom('Series', all, '2030-04-15')).toBe('2030-04-01');
    expect(changeFrom('Series', [], '2030-04-15')).toBe('2030-04-15');
  });

  it('writes clock times as HH:mm and counts the moved days that wait for approval', () => {
    expect(clockTime(0)).toBe('00:00');
    expect(clockTime(9 * 60 + 5)).toBe('09:05');
    expect(clockTime(23 * 60 + 45)).toBe('23:45');
    expect(waitingAfterChange(all, ['2030-04-15', '2030-04-22'])).toBe(1);
    expect(waitingAfterChange(all, [])).toBe(0);
  });
});
