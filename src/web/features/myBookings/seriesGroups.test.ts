import { describe, expect, it } from 'vitest';
import { datesAffected, groupBySeries, remainingCount } from './seriesGroups.js';

const occ = (BookingId: number, Date: string, Status = 1) =>
  ({ BookingId, Date, Start: `${Date}T09:00:00Z`, Finish: `${Date}T10:00:00Z`, Status });

describe('repeating bookings on the list screens', () => {
  it('gathers a series into one item where its first member was, keeping singles and order', () => {
    const list = [
      { Id: 1 }, { Id: 2, SeriesId: 'a' }, { Id: 3 }, { Id: 4, SeriesId: 'b' }, { Id: 5, SeriesId: 'a' }, { Id: 6, SeriesId: 'b' },
    ];
    expect(groupBySeries(list)).toEqual([
      { kind: 'single', item: { Id: 1 } },
      { kind: 'series', seriesId: 'a', items: [{ Id: 2, SeriesId: 'a' }, { Id: 5, SeriesId: 'a' }] },
      { kind: 'single', item: { Id: 3 } },
      { kind: 'series', seriesId: 'b', items: [{ Id: 4, SeriesId: 'b' }, { Id: 6, SeriesId: 'b' }] },
    ]);
    expect(groupBySeries([])).toEqual([]);
  });

  it('says which days each cancellation covers', () => {
    const all = [occ(1, '2030-04-01'), occ(2, '2030-04-08', 3), occ(3, '2030-04-15'), occ(4, '2030-04-22', 0), occ(5, '2030-04-29')];
    const now = new Date('2030-04-10T00:00:00Z');
    expect(datesAffected('This', all, '2030-04-15', now)).toEqual(['2030-04-15']);
    // From the third on; a cancelled one is not cancelled again.
    expect(datesAffected('Following', all, '2030-04-15', now)).toEqual(['2030-04-15', '2030-04-22', '2030-04-29']);
    expect(datesAffected('Following', all, '2030-04-01', now)).toEqual(['2030-04-01', '2030-04-15', '2030-04-22', '2030-04-29']);
    // The whole series: only those not yet started.
    expect(datesAffected('Series', all, '2030-04-29', now)).toEqual(['2030-04-15', '2030-04-22', '2030-04-29']);
  });

  it('counts the occurrences that remain', () => {
    const all = [occ(1, '2030-04-01'), occ(2, '2030-04-08', 3), occ(3, '2030-04-15', 0), occ(4, '2030-04-22', 2)];
    expect(remainingCount(all, new Date('2030-03-01T00:00:00Z'))).toBe(2);
    expect(remainingCount(all, new Date('2030-04-01T09:30:00Z'))).toBe(2); // the first has not finished
    expect(remainingCount(all, new Date('2030-04-01T10:00:00Z'))).toBe(1);
  });
});
