import { describe, expect, it } from 'vitest';
import { whenText, whenTextReference } from './bookingMail.js';

// whenText builds its text from a cached Intl formatter; date-fns with TZDate is the reference.
describe('whenText', () => {
  it('reads as before: one day, several days, in the site zone', () => {
    expect(whenText(new Date('2030-04-02T08:00:00Z'), new Date('2030-04-02T09:00:00Z'), 'Europe/London')).toBe('Tue 02 Apr 2030, 09:00–10:00');
    expect(whenText(new Date('2030-04-02T22:30:00Z'), new Date('2030-04-03T00:30:00Z'), 'Europe/London')).toBe('Tue 02 Apr 2030, 23:30 – Wed 03 Apr 2030, 01:30');
  });

  it('agrees with date-fns across zones, daylight-saving changes, midnight and every month', () => {
    const zones = ['Europe/London', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham', 'UTC', 'America/St_Johns'];
    for (const zone of zones) {
      for (let h = 0; h < 24 * 366; h += 31) {
        const start = new Date(Date.UTC(2030, 0, 1) + h * 3_600_000 + (h % 4) * 15 * 60_000);
        for (const hours of [1, 30]) {
          const finish = new Date(start.getTime() + hours * 3_600_000);
          expect(whenText(start, finish, zone)).toBe(whenTextReference(start, finish, zone));
        }
      }
    }
  });
});
