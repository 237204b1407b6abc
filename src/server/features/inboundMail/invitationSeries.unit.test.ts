import { describe, expect, it } from 'vitest';
import { invite } from './inboundTestKit.js';
import { expandInvitedSeries, UnbookableSeries } from './invitationSeries.js';

/** The expansion of repeating invitations, on objects written by ical.js (no database). */
const NOW = new Date('2030-04-01T07:00:00Z');
const series = (rrule: string, o: { start?: string; end?: string; tzid?: string; exdates?: string[] } = {}) => invite({
  uid: 'u@hq.example', organizer: 'staff@hq.example', room: 'room-thames@book.hq.example',
  start: o.start ?? '2030-04-09T09:00', end: o.end ?? '2030-04-09T10:00', tzid: o.tzid ?? 'Europe/London', rrule, exdates: o.exdates,
});
const expand = (ics: string, horizon: Date | null = null, max = 260) => expandInvitedSeries(ics, 'Europe/London', { now: NOW, horizon, max });

describe('expandInvitedSeries', () => {
  it('reads the second Tuesday of the month as Google writes it (BYDAY=2TU) and as Outlook does (BYSETPOS=2)', () => {
    const google = expand(series('FREQ=MONTHLY;BYDAY=2TU;COUNT=3'));
    const outlook = expand(series('FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2;COUNT=3'));
    expect(google.occurrences.map((o) => o.date)).toEqual(['2030-04-09', '2030-05-14', '2030-06-11']);
    expect(outlook.occurrences.map((o) => o.date)).toEqual(google.occurrences.map((o) => o.date));
    expect(google.rule).toEqual({ Frequency: 'Monthly', Interval: 1, ByDay: ['TU'], BySetPos: 2, Until: '2030-06-11' });
  });

  it('keeps the wall clock across the clock change and each occurrence\'s RECURRENCE-ID', () => {
    const s = expand(series('FREQ=DAILY;COUNT=3', { start: '2030-10-26T09:00', end: '2030-10-26T09:30' }));
    expect(s.occurrences.map((o) => o.start.toISOString())).toEqual(['2030-10-26T08:00:00.000Z', '2030-10-27T09:00:00.000Z', '2030-10-28T09:00:00.000Z']);
    expect(s.occurrences.map((o) => o.recurrenceId.toISOString())).toEqual(s.occurrences.map((o) => o.start.toISOString()));
  });

  it('stops at the booking window or the series limit and says which', () => {
    const windowed = expand(series('FREQ=WEEKLY'), new Date('2030-04-30T00:00:00Z'));
    expect(windowed.occurrences.map((o) => o.date)).toEqual(['2030-04-09', '2030-04-16', '2030-04-23']);
    expect(windowed.cut).toBe('window');
    const limited = expand(series('FREQ=DAILY'), null, 10);
    expect([limited.occurrences.length, limited.cut]).toEqual([10, 'limit']);
    expect(expand(series('FREQ=WEEKLY;COUNT=2')).cut).toBeUndefined();
  });

  it('leaves out past occurrences and EXDATEs; refuses patterns Hotdesk cannot repeat', () => {
    const s = expand(series('FREQ=WEEKLY;COUNT=4', { start: '2030-03-19T09:00', end: '2030-03-19T10:00', exdates: ['2030-04-02T09:00'] }));
    expect(s.occurrences.map((o) => o.date)).toEqual(['2030-04-09']);
    expect(() => expand(series('FREQ=YEARLY;COUNT=2'))).toThrow(UnbookableSeries);
    expect(() => expand(series('FREQ=MONTHLY;BYDAY=MO,TU;COUNT=2'))).toThrow(UnbookableSeries);
    expect(() => expand(series('FREQ=WEEKLY;COUNT=2', { start: '2030-03-01T09:00', end: '2030-03-01T10:00' }))).toThrow(/No occurrence/);
  });
});
