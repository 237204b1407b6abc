import { describe, expect, it } from 'vitest';
import { formatDay, formatDayTime, formatRange, formatTime } from './dates.js';

const NOW = new Date('2030-03-01T12:00:00Z');
const D = new Date('2030-01-07T09:30:00Z'); // a Monday
const tz = 'Europe/London';

describe('screen dates (SPEC 2.10)', () => {
  it('are long on wide screens and short under 768 px', () => {
    expect(formatDay(D, { short: false, timeZone: tz, now: NOW })).toBe('Monday 7 January 2030');
    expect(formatDay(D, { short: true, timeZone: tz, now: NOW })).toBe('Mon 7 Jan');
  });
  it('keep the year when it is not this year', () => {
    expect(formatDay(D, { short: true, timeZone: tz, now: new Date('2029-12-31T12:00:00Z') })).toBe('7 Jan 2030');
  });
  it('use the given time zone', () => {
    const lateUtc = new Date('2030-01-07T23:30:00Z');
    expect(formatDay(lateUtc, { short: false, timeZone: 'Asia/Tokyo', now: NOW })).toBe('Tuesday 8 January 2030');
    expect(formatTime(lateUtc, { timeZone: 'America/New_York' })).toBe('18:30');
  });
  it('format day and time, and ranges', () => {
    expect(formatDayTime(D, { short: false, timeZone: tz, now: NOW })).toBe('Monday 7 January 2030, 09:30');
    expect(formatDayTime(D, { short: true, timeZone: tz, now: NOW })).toBe('Mon 7 Jan 09:30');
    expect(formatRange(D, '2030-01-07T17:00:00Z', { short: true, timeZone: tz, now: NOW })).toBe('Mon 7 Jan 09:30–17:00');
    expect(formatRange(D, '2030-01-08T17:00:00Z', { short: true, timeZone: tz, now: NOW })).toBe('Mon 7 Jan 09:30 – Tue 8 Jan 17:00');
  });
  it('accept ISO text and give nothing for an invalid date', () => {
    expect(formatDay('2030-01-07T09:30:00Z', { short: true, timeZone: tz, now: NOW })).toBe('Mon 7 Jan');
    expect(formatDay('not a date', { short: true })).toBe('');
  });
});
