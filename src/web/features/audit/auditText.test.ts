import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatDayTime } from '../appShell/dates.js';
import { changeLines, valueText } from './auditText.js';

// The audit log's changes read dates as every other screen does (the shared formatter), never as ISO text.
const dates = {
  calendarDay: (d: string) => formatCalendarDay(d, { short: false, locale: 'en-GB' }),
  dayTime: (d: string) => formatDayTime(d, { short: false, locale: 'en-GB', timeZone: 'Europe/London' }),
};

describe('audit change text', () => {
  it('formats calendar days, instants and lists of days with the shared formatter', () => {
    expect(valueText('2030-11-19', dates)).toBe(dates.calendarDay('2030-11-19'));
    expect(valueText('2030-11-19', dates)).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(valueText('2030-11-19T09:30:00.000Z', dates)).toBe(dates.dayTime('2030-11-19T09:30:00.000Z'));
    expect(valueText(['2030-11-19', '2030-11-26'], dates)).toBe(`${dates.calendarDay('2030-11-19')}; ${dates.calendarDay('2030-11-26')}`);
  });
  it('leaves other values readable: text, yes/no, nothing, lists, objects', () => {
    expect(valueText('Desk 12', dates)).toBe('Desk 12');
    expect(valueText('2030-11-19 and more', dates)).toBe('2030-11-19 and more');
    expect(valueText(true, dates)).toBe('Yes');
    expect(valueText(null, dates)).toBe('–');
    expect(valueText([], dates)).toBe('none');
    expect(valueText({ a: 1 }, dates)).toBe('{"a":1}');
  });
  it('writes one line per field, a fact without a before', () => {
    const lines = changeLines({ Changes: { Dates: { Before: null, After: ['2030-11-19'] }, RoomBookingEnabled: { Before: false, After: true } } }, dates);
    expect(lines).toEqual([
      { field: 'Dates', before: '–', after: dates.calendarDay('2030-11-19'), fact: true },
      { field: 'Room booking enabled', before: 'No', after: 'Yes', fact: false },
    ]);
  });
});
