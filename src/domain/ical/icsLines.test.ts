import { describe, expect, it } from 'vitest';
import { toWallClock } from '../wallClock.js';
import { icsLocal } from './icsLines.js';
import { zoneBlock } from './vtimezone.js';

describe('icsLocal (the site clock in DTSTART;TZID=...)', () => {
  it('agrees with toWallClock every quarter hour across both 2030 changes in London, New York and a half-hour zone', () => {
    const zones = ['Europe/London', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe'];
    const spans = [Date.UTC(2030, 2, 30, 18), Date.UTC(2030, 9, 26, 18), Date.UTC(2030, 2, 9, 18), Date.UTC(2030, 10, 2, 18), Date.UTC(2030, 3, 6, 6)];
    for (const timeZone of zones) {
      for (const from of spans) {
        for (let ms = from; ms < from + 20 * 3_600_000; ms += 900_000) {
          const { date, minutes } = toWallClock(new Date(ms), timeZone);
          const expected = `${date.replace(/-/g, '')}T${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}00`;
          expect(icsLocal(new Date(ms), timeZone), `${timeZone} ${new Date(ms).toISOString()}`).toBe(expected);
        }
      }
    }
    expect(icsLocal(new Date('2030-07-08T13:00:00Z'), 'Europe/London')).toBe('20300708T140000');
  });
});

describe('zoneBlock', () => {
  it("gives a zone's VTIMEZONE under the TZID events must name; none for an unknown zone", () => {
    expect(zoneBlock('Europe/London')).toMatchObject({ tzid: 'Europe/London' });
    expect(zoneBlock('Europe/London')!.text).toMatch(/^BEGIN:VTIMEZONE\r\nTZID:Europe\/London\r\n[\s\S]*END:VTIMEZONE\r\n$/);
    expect(zoneBlock('UTC')!.tzid).toBe('Etc/UTC');
    expect(zoneBlock('Not/AZone')).toBeUndefined();
  });
});
