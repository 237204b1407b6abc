import { describe, expect, it } from 'vitest';
import { isDimTime } from './doorDim.js';

describe('isDimTime', () => {
  const at = (iso: string) => new Date(iso);
  it('dims from 20:00 to 07:00 on the site clock, across midnight', () => {
    expect(isDimTime(at('2030-01-07T19:59:00Z'), 'Europe/London', '20:00', '07:00')).toBe(false);
    expect(isDimTime(at('2030-01-07T20:00:00Z'), 'Europe/London', '20:00', '07:00')).toBe(true);
    expect(isDimTime(at('2030-01-08T06:59:00Z'), 'Europe/London', '20:00', '07:00')).toBe(true);
    expect(isDimTime(at('2030-01-08T07:00:00Z'), 'Europe/London', '20:00', '07:00')).toBe(false);
  });
  it("reads the site's clock, not the tablet's (summer time in London)", () => {
    expect(isDimTime(at('2030-07-08T19:30:00Z'), 'Europe/London', '20:00', '07:00')).toBe(true); // 20:30 BST
    expect(isDimTime(at('2030-07-08T19:30:00Z'), 'America/New_York', '20:00', '07:00')).toBe(false); // 15:30
  });
  it('a window within one day', () => {
    expect(isDimTime(at('2030-01-07T13:00:00Z'), 'UTC', '12:00', '14:00')).toBe(true);
    expect(isDimTime(at('2030-01-07T14:00:00Z'), 'UTC', '12:00', '14:00')).toBe(false);
  });
  it('equal bounds (a site turned dimming off) never dim', () => {
    for (const iso of ['2030-01-07T00:00:00Z', '2030-01-07T03:00:00Z', '2030-01-07T23:59:00Z']) {
      expect(isDimTime(at(iso), 'UTC', '00:00', '00:00')).toBe(false);
    }
  });
});
