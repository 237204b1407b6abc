import { describe, expect, it } from 'vitest';
import { expandSeries, weekdayOf } from './expandSeries.js';
import { Recurrence, type RecurrenceInput } from './recurrenceRule.js';

const rule = (input: RecurrenceInput) => Recurrence.parse(input);
const days = (r: RecurrenceInput, date: string, max = 260) =>
  expandSeries(rule(r), { date, startMinutes: 9 * 60, durationMinutes: 60 }, 'Europe/London', max).occurrences.map((o) => o.date);

describe('expandSeries', () => {
  it('keeps a 09:00-10:00 weekly meeting at 09:00 on London clocks across the March and October changes', () => {
    const { occurrences } = expandSeries(rule({ Frequency: 'Weekly', Count: 3 }), { date: '2027-03-21', startMinutes: 540, durationMinutes: 60 }, 'Europe/London', 260);
    expect(occurrences.map((o) => [o.start.toISOString(), o.finish.toISOString()])).toEqual([
      ['2027-03-21T09:00:00.000Z', '2027-03-21T10:00:00.000Z'], // GMT
      ['2027-03-28T08:00:00.000Z', '2027-03-28T09:00:00.000Z'], // BST from 28 March 01:00
      ['2027-04-04T08:00:00.000Z', '2027-04-04T09:00:00.000Z'],
    ]);
    const autumn = expandSeries(rule({ Frequency: 'Daily', Count: 2 }), { date: '2027-10-30', startMinutes: 540, durationMinutes: 60 }, 'Europe/London', 260);
    expect(autumn.occurrences.map((o) => o.start.toISOString())).toEqual(['2027-10-30T08:00:00.000Z', '2027-10-31T09:00:00.000Z']);
  });

  it('keeps the wall clock in America/New_York too (second Sunday of March)', () => {
    const { occurrences } = expandSeries(rule({ Frequency: 'Daily', Count: 3 }), { date: '2027-03-13', startMinutes: 14 * 60, durationMinutes: 30 }, 'America/New_York', 260);
    expect(occurrences.map((o) => o.start.toISOString())).toEqual(['2027-03-13T19:00:00.000Z', '2027-03-14T18:00:00.000Z', '2027-03-15T18:00:00.000Z']);
  });

  it('daily on weekdays only skips the weekend', () => {
    expect(days({ Frequency: 'Daily', ByDay: ['MO', 'TU', 'WE', 'TH', 'FR'], Count: 6 }, '2026-12-03')).toEqual(
      ['2026-12-03', '2026-12-04', '2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10']);
  });

  it('every second week on Monday and Wednesday, until a day (inclusive)', () => {
    expect(days({ Frequency: 'Weekly', Interval: 2, ByDay: ['MO', 'WE'], Until: '2026-12-30' }, '2026-11-30')).toEqual(
      ['2026-11-30', '2026-12-02', '2026-12-14', '2026-12-16', '2026-12-28', '2026-12-30']);
  });

  it('a weekly rule without ByDay repeats on the first day\'s weekday', () => {
    expect(weekdayOf('2026-11-26')).toBe('TH');
    expect(days({ Frequency: 'Weekly', Count: 3 }, '2026-11-26')).toEqual(['2026-11-26', '2026-12-03', '2026-12-10']);
  });

  it('monthly on the 31st skips the months without one, as RFC 5545 says', () => {
    expect(days({ Frequency: 'Monthly', ByMonthDay: 31, Count: 4 }, '2027-01-31')).toEqual(['2027-01-31', '2027-03-31', '2027-05-31', '2027-07-31']);
  });

  it('monthly without a day repeats on the first occurrence\'s date', () => {
    expect(days({ Frequency: 'Monthly', Count: 3 }, '2027-01-15')).toEqual(['2027-01-15', '2027-02-15', '2027-03-15']);
  });

  it('monthly on the second Tuesday and on the last Friday (BySetPos)', () => {
    expect(days({ Frequency: 'Monthly', ByDay: ['TU'], BySetPos: 2, Count: 3 }, '2027-01-01')).toEqual(['2027-01-12', '2027-02-09', '2027-03-09']);
    expect(days({ Frequency: 'Monthly', ByDay: ['FR'], BySetPos: -1, Count: 3 }, '2027-01-01')).toEqual(['2027-01-29', '2027-02-26', '2027-03-26']);
  });

  it('a first day outside the rule is not an occurrence (DTSTART rule of RFC 5545)', () => {
    expect(days({ Frequency: 'Weekly', ByDay: ['FR'], Count: 2 }, '2026-11-26')).toEqual(['2026-11-27', '2026-12-04']);
  });

  it('stops one past the limit and says the rule asks for too many', () => {
    const r = expandSeries(rule({ Frequency: 'Daily', Count: 1_000 }), { date: '2027-01-01', startMinutes: 540, durationMinutes: 60 }, 'Europe/London', 260);
    expect(r.occurrences).toHaveLength(260);
    expect(r.tooMany).toBe(true);
    const fits = expandSeries(rule({ Frequency: 'Daily', Count: 260 }), { date: '2027-01-01', startMinutes: 540, durationMinutes: 60 }, 'Europe/London', 260);
    expect(fits.tooMany).toBe(false);
    expect(fits.occurrences.at(-1)!.date).toBe('2027-09-17');
  });

  it('an occurrence ending at midnight ends on the next day', () => {
    const { occurrences } = expandSeries(rule({ Frequency: 'Daily', Count: 1 }), { date: '2027-06-01', startMinutes: 23 * 60, durationMinutes: 60 }, 'Europe/London', 260);
    expect(occurrences[0]!.finish.toISOString()).toBe('2027-06-01T23:00:00.000Z');
  });
});

describe('Recurrence (the wire rule)', () => {
  const problem = (input: unknown) => {
    const r = Recurrence.safeParse(input);
    return r.success ? null : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('refuses bad rules with the field named', () => {
    expect(problem({ Frequency: 'Weekly', Interval: 0, Count: 3 })).toEqual(['Interval: Interval: repeat at least every 1 day, week or month.']);
    expect(problem({ Frequency: 'Weekly', Count: 10_000 })).toEqual(['Count: Count: at most 1000 occurrences.']);
    expect(problem({ Frequency: 'Weekly', ByDay: ['XX'], Count: 2 })?.[0]).toMatch(/^ByDay\.0: ByDay: use the weekday codes/);
    expect(problem({ Frequency: 'Yearly', Count: 2 })?.[0]).toMatch(/^Frequency: Frequency: use Daily, Weekly, Monthly/);
    expect(problem({ Frequency: 'Daily' })).toEqual(['Until: Until or Count: give exactly one (an end date or a number of occurrences).']);
    expect(problem({ Frequency: 'Daily', Count: 2, Until: '2027-01-01' })).toHaveLength(1);
    expect(problem({ Frequency: 'Daily', Until: '2027-02-30' })).toEqual(['Until: Until: that day does not exist.']);
    expect(problem({ Frequency: 'Weekly', ByMonthDay: 3, Count: 2 })).toEqual(['ByMonthDay: ByMonthDay: only for a monthly repeat.']);
    expect(problem({ Frequency: 'Monthly', ByDay: ['TU', 'WE'], BySetPos: 2, Count: 2 })?.[0]).toMatch(/^BySetPos: /);
    expect(problem({ Frequency: 'Monthly', ByDay: ['TU'], BySetPos: 0, Count: 2 })?.[0]).toMatch(/^BySetPos: /);
    expect(problem({ Frequency: 'Daily', Count: 2, Extra: 1 })).not.toBeNull();
  });

  it('takes the rules people make', () => {
    expect(problem({ Frequency: 'Monthly', ByDay: ['TU'], BySetPos: 2, Until: '2027-12-31' })).toBeNull();
    expect(Recurrence.parse({ Frequency: 'Daily', Count: 5 }).Interval).toBe(1);
  });
});
