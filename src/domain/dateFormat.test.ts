import { describe, expect, it } from 'vitest';
import {
  calendarDayParts, defaultLocale, formatCalendarDay, formatDay, formatDayTime, formatMinutes, formatRange, formatTime,
  isoWithOffset, numericDatePattern, parseNumericDate, supportedLocale, uses12Hour,
} from './dateFormat.js';

// Intl's words differ slightly between ICU versions ("Tuesday, 12 March" vs "Tuesday 12 March"):
// commas are left out of the comparisons where ICU has changed them.
const noCommas = (s: string) => s.replace(/,/g, '').replace(/\s+/g, ' ');
const NOW = new Date('2030-03-01T12:00:00Z');
const WINTER = new Date('2030-01-07T09:30:00Z'); // a Monday; London on GMT, New York on EST
const SUMMER = new Date('2030-07-01T08:00:00Z'); // London on BST (+01:00), New York on EDT (-04:00)

describe('formatDay: the locale gives order and names, the zone gives the day', () => {
  it('writes en-GB, en-US and de-DE long days', () => {
    expect(noCommas(formatDay(WINTER, { locale: 'en-GB', timeZone: 'Europe/London' }))).toBe('Monday 7 January 2030');
    expect(noCommas(formatDay(WINTER, { locale: 'en-US', timeZone: 'Europe/London' }))).toBe('Monday January 7 2030');
    expect(formatDay(WINTER, { locale: 'de-DE', timeZone: 'Europe/London' })).toBe('Montag, 7. Januar 2030');
  });
  it('is short under 768 px, with the year only when it is not this year', () => {
    expect(noCommas(formatDay(WINTER, { locale: 'en-GB', timeZone: 'Europe/London', short: true, now: NOW }))).toBe('Mon 7 Jan');
    expect(noCommas(formatDay(WINTER, { locale: 'en-US', timeZone: 'Europe/London', short: true, now: NOW }))).toBe('Mon Jan 7');
    expect(noCommas(formatDay(WINTER, { locale: 'en-GB', timeZone: 'Europe/London', short: true, now: new Date('2029-12-01') }))).toBe('Mon 7 Jan 2030');
  });
  it("takes the day from the site's zone, not the runtime's", () => {
    const lateUtc = new Date('2030-01-07T23:30:00Z');
    expect(noCommas(formatDay(lateUtc, { locale: 'en-GB', timeZone: 'Asia/Tokyo' }))).toBe('Tuesday 8 January 2030');
    expect(noCommas(formatDay(lateUtc, { locale: 'en-GB', timeZone: 'America/New_York' }))).toBe('Monday 7 January 2030');
  });
  it('gives nothing for an invalid date, and accepts ISO text', () => {
    expect(formatDay('not a date', { locale: 'en-GB' })).toBe('');
    expect(noCommas(formatDay('2030-01-07T09:30:00Z', { locale: 'en-GB', timeZone: 'UTC' }))).toBe('Monday 7 January 2030');
  });
});

describe('formatTime: 24 or 12 hours as the locale writes them, DST from the zone', () => {
  it('follows the hour cycle of the locale', () => {
    expect(formatTime(WINTER, { locale: 'en-GB', timeZone: 'Europe/London' })).toBe('09:30');
    expect(formatTime(WINTER, { locale: 'de-DE', timeZone: 'Europe/London' })).toBe('09:30');
    expect(formatTime(WINTER, { locale: 'en-US', timeZone: 'Europe/London' }).replace(/\s/g, ' ')).toBe('9:30 AM');
    expect(uses12Hour('en-US')).toBe(true);
    expect(uses12Hour('en-GB')).toBe(false);
    // Remembered per locale: asked again, in turn, each keeps its own answer.
    for (let i = 0; i < 3; i++) expect([uses12Hour('en-GB'), uses12Hour('en-US'), uses12Hour('de-DE')]).toEqual([false, true, false]);
    expect(formatTime(WINTER, { locale: 'en-US', timeZone: 'Europe/London' }).replace(/\s/g, ' ')).toBe('9:30 AM');
  });
  it('moves with summer time in both zones', () => {
    expect(formatTime(SUMMER, { locale: 'en-GB', timeZone: 'Europe/London' })).toBe('09:00');
    expect(formatTime(SUMMER, { locale: 'en-GB', timeZone: 'America/New_York' })).toBe('04:00');
    expect(formatTime(WINTER, { locale: 'en-GB', timeZone: 'America/New_York' })).toBe('04:30');
  });
  it('writes picker minutes the same way', () => {
    expect(formatMinutes(9 * 60 + 15, { locale: 'en-GB' })).toBe('09:15');
    expect(formatMinutes(13 * 60, { locale: 'en-US' }).replace(/\s/g, ' ')).toBe('1:00 PM');
  });
});

describe('formatDayTime and formatRange', () => {
  it('join day and time as the locale does', () => {
    expect(noCommas(formatDayTime(WINTER, { locale: 'en-GB', timeZone: 'Europe/London', short: true, now: NOW }))).toBe('Mon 7 Jan 09:30');
    expect(formatDayTime(WINTER, { locale: 'de-DE', timeZone: 'Europe/London' })).toMatch(/^Montag, 7\. Januar 2030.*09:30$/);
  });
  it('write one day once, and both days when they differ', () => {
    const o = { locale: 'en-GB', timeZone: 'Europe/London', short: true, now: NOW };
    expect(noCommas(formatRange(WINTER, '2030-01-07T17:00:00Z', o))).toBe('Mon 7 Jan 09:30–17:00');
    expect(noCommas(formatRange(WINTER, '2030-01-08T17:00:00Z', o))).toMatch(/^Mon 7 Jan.*09:30 – Tue 8 Jan.*17:00$/);
    expect(formatRange(SUMMER, '2030-07-01T09:00:00Z', { locale: 'en-US', timeZone: 'America/New_York', short: true, now: NOW }).replace(/\s/g, ' '))
      .toMatch(/Jul 1.*4:00 – 5:00 AM/);
  });
  it('never throws on a reversed range', () => {
    expect(formatRange('2030-01-08T00:00:00Z', WINTER, { locale: 'en-GB', timeZone: 'UTC' })).toContain(' – ');
  });
});

describe('calendar days (YYYY-MM-DD, no zone)', () => {
  it('name the day itself whatever the runtime zone', () => {
    expect(noCommas(formatCalendarDay('2030-03-12', { locale: 'en-GB' }))).toBe('Tuesday 12 March 2030');
    expect(formatCalendarDay('2030-03-12', { locale: 'de-DE' })).toBe('Dienstag, 12. März 2030');
    expect(calendarDayParts('2030-03-12', { locale: 'en-GB' })).toEqual({ weekday: 'Tue', day: '12 Mar' });
    expect(formatCalendarDay('2030-3-12')).toBe('');
  });
});

describe('typing dates in the locale\'s digit order', () => {
  it('knows each locale\'s pattern', () => {
    expect(numericDatePattern('en-GB')).toBe('DD/MM/YYYY');
    expect(numericDatePattern('en-US')).toBe('MM/DD/YYYY');
    expect(numericDatePattern('de-DE')).toBe('DD.MM.YYYY');
  });
  it('parses in that order, ISO always, and refuses days that do not exist', () => {
    expect(parseNumericDate('12/03/2030', 'en-GB')).toBe('2030-03-12');
    expect(parseNumericDate('03/12/2030', 'en-US')).toBe('2030-03-12');
    expect(parseNumericDate('12.3.2030', 'de-DE')).toBe('2030-03-12');
    expect(parseNumericDate('2030-03-12', 'en-US')).toBe('2030-03-12');
    expect(parseNumericDate('31/02/2030', 'en-GB')).toBeNull();
    expect(parseNumericDate('12/03', 'en-GB')).toBeNull();
    expect(parseNumericDate('tomorrow', 'en-GB')).toBeNull();
  });
});

describe('isoWithOffset (CSV)', () => {
  it("writes the site's wall clock with its offset, winter and summer", () => {
    expect(isoWithOffset(WINTER, 'Europe/London')).toBe('2030-01-07T09:30:00+00:00');
    expect(isoWithOffset(SUMMER, 'Europe/London')).toBe('2030-07-01T09:00:00+01:00');
    expect(isoWithOffset(WINTER, 'America/New_York')).toBe('2030-01-07T04:30:00-05:00');
    expect(isoWithOffset(SUMMER, 'America/New_York')).toBe('2030-07-01T04:00:00-04:00');
    expect(isoWithOffset(SUMMER, 'Asia/Kolkata')).toBe('2030-07-01T13:30:00+05:30');
  });
  it('names the same instant (parses back)', () => {
    for (const tz of ['Europe/London', 'America/New_York', 'Australia/Sydney']) {
      expect(new Date(isoWithOffset(SUMMER, tz)).getTime()).toBe(SUMMER.getTime());
    }
  });
});

describe('locales', () => {
  it('refuse malformed tags and fall back to en-GB', () => {
    expect(supportedLocale('en-GB')).toBe('en-GB');
    expect(supportedLocale('not a tag!')).toBeUndefined();
    expect(typeof defaultLocale()).toBe('string');
  });
});
