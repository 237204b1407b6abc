import { describe, expect, it } from 'vitest';
import { bookingIcsTemplate, fillIcs, foldLine } from './bookingIcs.js';
import { bookingNotice, type Facts } from './bookingMail.js';
import { parseCalendar } from './invitationTestKit.js';

/**
 * The room-booking fast path's invitation template (issue 23 replaced the PUBLISH entry that matched
 * the `ics` library line for line with an iTIP REQUEST; these now read it back with ical.js).
 */
const base = {
  start: new Date('2030-04-02T08:00:00Z'), finish: new Date('2030-04-02T09:30:00Z'), description: 'Team sync', status: 1,
  roomName: 'Thames', locationName: 'Floor 1', siteName: 'London HQ', timeZone: 'Europe/London',
  bookerName: 'Ann Booker', bookerEmail: 'ann@example.org', onBehalfOfEmail: '',
};
const MAIL_FROM = 'Hotdesk <hotdesk@hq.example>';
const filled = (o: Partial<typeof base> = {}, id = 4711, sequence = 3) => fillIcs(bookingIcsTemplate({ ...base, ...o }, new Date('2026-11-25T21:00:00Z'), MAIL_FROM), id, sequence);

describe('bookingIcsTemplate (the fast path of a new room booking)', () => {
  it('filled with the id and SEQUENCE, is an iTIP REQUEST ical.js reads as one zoned event', () => {
    const cal = parseCalendar(filled());
    expect(cal.method).toBe('REQUEST');
    expect(cal.events).toHaveLength(1);
    expect(cal.events[0]).toMatchObject({
      uid: 'hotdesk-booking-4711', sequence: 3, status: 'CONFIRMED', summary: 'Team sync', description: 'Room booking: Thames',
      location: 'Thames, Floor 1, London HQ', start: base.start, finish: base.finish, startTzid: 'Europe/London',
      organizer: 'mailto:hotdesk@hq.example', organizerCn: 'Hotdesk',
      attendees: [{ value: 'mailto:ann@example.org', partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' }],
    });
    expect(filled()).toContain('\r\nDTSTART;TZID=Europe/London:20300402T090000\r\n');
    expect(filled()).toContain('\r\nDTSTAMP:20261125T210000Z\r\n');
  });

  it('is what notifyBookingEvent mails for the same booking (bookingNotice)', () => {
    const f: Facts = {
      ...base, id: 4711, sequence: 3, reason: '', roomId: 1, locationId: 1, notificationEmail: '', bookerId: 1, updatedAt: new Date(),
    };
    const ics = bookingNotice({ publicUrl: undefined, mailFrom: MAIL_FROM }, 'booked', f).ics!;
    const stampless = (s: string) => s.replace(/^DTSTAMP:.*$/m, '');
    expect(stampless(ics)).toBe(stampless(filled()));
  });

  it('escapes TEXT so commas, semicolons, backslashes and new lines survive; ids and SEQUENCE of any size', () => {
    const description = 'Plan; review, decide \\ go\nnext line';
    const cal = parseCalendar(filled({ description, siteName: 'HQ, North' }, 9_007_199_254, 2_147_483_647));
    expect(cal.events[0]).toMatchObject({ summary: description, location: 'Thames, Floor 1, HQ, North', uid: 'hotdesk-booking-9007199254', sequence: 2_147_483_647 });
  });

  it('a request waiting for approval is TENTATIVE; the person booked for is an attendee too', () => {
    const cal = parseCalendar(filled({ status: 0, onBehalfOfEmail: 'guest@example.org' }));
    expect(cal.events[0]!.status).toBe('TENTATIVE');
    expect(cal.events[0]!.attendees.map((a) => [a.value, a.partstat])).toEqual([['mailto:ann@example.org', 'TENTATIVE'], ['mailto:guest@example.org', 'TENTATIVE']]);
  });

  it('keeps every line within 75 octets, ends each with CRLF, and folds without splitting a character', () => {
    const description = 'é✓😀x'.repeat(40);
    const ics = filled({ description, locationName: 'L'.repeat(200) });
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const lines = ics.slice(0, -2).split('\r\n');
    for (const line of lines) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      expect(line).not.toMatch(/[\r\n]/);
      expect(line).not.toContain('\uFFFD');
    }
    expect(lines.filter((l) => l.startsWith('\t')).length).toBeGreaterThan(4);
    expect(parseCalendar(ics).events[0]!.summary).toBe(description);
  });

  it('folds only what needs it', () => {
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n\tx`);
    expect(foldLine('é'.repeat(38))).toBe(`${'é'.repeat(37)}\r\n\té`);
  });
});
