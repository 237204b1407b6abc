import { describe, expect, it } from 'vitest';
import { bookingNotice, whenText, type Facts } from './bookingMail.js';

// ICU versions differ on a comma after the weekday; the comparisons leave commas out.
const plain = (s: string) => s.replace(/,/g, '').replace(/\s/g, ' ');

describe('whenText (the shared date format, in MAIL_LOCALE, on the site clock)', () => {
  it('writes one day once and several days in full, in the site zone', () => {
    expect(plain(whenText(new Date('2030-04-02T08:00:00Z'), new Date('2030-04-02T09:00:00Z'), 'Europe/London'))).toBe('Tue 2 Apr 2030 09:00–10:00');
    expect(plain(whenText(new Date('2030-04-02T22:30:00Z'), new Date('2030-04-03T00:30:00Z'), 'Europe/London')))
      .toMatch(/^Tue 2 Apr 2030.*23:30 – Wed 3 Apr 2030.*01:30$/);
  });
  it('follows summer time and the zone: the same instant on two clocks', () => {
    const winter = [new Date('2030-01-08T14:00:00Z'), new Date('2030-01-08T15:00:00Z')] as const;
    const summer = [new Date('2030-07-08T13:00:00Z'), new Date('2030-07-08T14:00:00Z')] as const;
    expect(plain(whenText(...winter, 'Europe/London'))).toBe('Tue 8 Jan 2030 14:00–15:00');
    expect(plain(whenText(...summer, 'Europe/London'))).toBe('Mon 8 Jul 2030 14:00–15:00');
    expect(plain(whenText(...winter, 'America/New_York'))).toBe('Tue 8 Jan 2030 09:00–10:00');
    expect(plain(whenText(...summer, 'America/New_York'))).toBe('Mon 8 Jul 2030 09:00–10:00');
  });
  it('writes the configured language', () => {
    const [a, b] = [new Date('2030-04-02T08:00:00Z'), new Date('2030-04-02T09:00:00Z')];
    expect(plain(whenText(a, b, 'Europe/London', 'en-US'))).toMatch(/^Tue Apr 2 2030 9:00 – 10:00 AM$/);
    expect(whenText(a, b, 'Europe/London', 'de-DE')).toMatch(/^Di\., 2\. Apr\. 2030, 09:00\s?–\s?10:00 Uhr$/);
  });
  it("is what a notice's subject and text say, in the config's language", () => {
    const f: Facts = {
      id: 1, start: new Date('2030-04-02T08:00:00Z'), finish: new Date('2030-04-02T09:00:00Z'), description: 'Sync', onBehalfOfEmail: '',
      status: 1, reason: '', roomId: 1, locationId: 1, roomName: 'Thames', locationName: 'Floor 1', siteName: 'London HQ', timeZone: 'Europe/London',
      notificationEmail: '', bookerId: 1, bookerName: 'Ann', bookerEmail: 'ann@example.org', updatedAt: new Date('2030-01-01T00:00:00Z'), sequence: 0,
    };
    const de = bookingNotice({ publicUrl: undefined, mailLocale: 'de-DE' }, 'booked', f);
    expect(de.subject).toContain('Di., 2. Apr. 2030');
    expect(de.text).toContain('(Europe/London)');
    expect(plain(bookingNotice({ publicUrl: undefined }, 'booked', f).subject)).toBe('Room booked: Thames Tue 2 Apr 2030 09:00–10:00');
  });
});
