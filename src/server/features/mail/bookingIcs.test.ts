import { createEvent } from 'ics';
import { describe, expect, it } from 'vitest';
import { bookingIcs } from './bookingMail.js';
import { bookingIcsTemplate, fillIcs, foldLine, icsSequence } from './bookingIcs.js';

/** The calendar entry as the `ics` library wrote it before (the reference the direct writer must match). */
function libraryIcs(f: Parameters<typeof bookingIcs>[0]): string {
  const { error, value } = createEvent({
    uid: `hotdesk-booking-${f.id}`,
    sequence: icsSequence(f.updatedAt),
    start: f.start.getTime(), startInputType: 'utc', startOutputType: 'utc',
    end: f.finish.getTime(), endInputType: 'utc', endOutputType: 'utc',
    title: f.description || f.roomName,
    location: `${f.roomName}, ${f.locationName}, ${f.siteName}`,
    description: `Room booking: ${f.roomName}`,
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
    productId: 'hotdesk/room-booking',
  });
  if (error || !value) throw error;
  return value;
}

/** Content lines as a calendar reads them: folds undone, the DTSTAMP (when it was written) set aside. */
const unfolded = (ics: string) => ics.replace(/\r\n[ \t]/g, '').replace(/^DTSTAMP:.*$/m, 'DTSTAMP:-');

const base = {
  id: 4711, start: new Date('2030-04-02T08:00:00Z'), finish: new Date('2030-04-02T09:30:00Z'), description: 'Team sync',
  roomName: 'Thames', locationName: 'Floor 1', siteName: 'London HQ', updatedAt: new Date('2026-11-25T20:00:01.999Z'),
};

describe('bookingIcs (written directly)', () => {
  const cases: [string, Partial<typeof base>][] = [
    ['a plain booking', {}],
    ['commas, semicolons, backslashes and new lines escaped', { description: 'Plan; review, decide \\ go\r\nnext\nline', siteName: 'HQ, North' }],
    ['a long title', { description: 'A very long meeting title that goes on well past the seventy-five octets a content line may hold, twice over at least' }],
    ['accented letters, symbols and emoji in a long title', { description: 'Réunion d’équipe ✓ – 会議室の予約 😀👍🏽 '.repeat(4), roomName: 'Salle Émile' }],
    ['no description: the room names it', { description: '' }],
    ['a booking over several days, id and times of any size', { id: 9_007_199_254, start: new Date('2031-12-31T23:45:00Z'), finish: new Date('2032-01-02T00:15:00Z') }],
  ];
  it.each(cases)('says what the ics library said: %s', (_, o) => {
    const f = { ...base, ...o };
    expect(unfolded(bookingIcs(f))).toBe(unfolded(libraryIcs(f)));
  });

  it('keeps every line within 75 octets, ends each with CRLF, and folds without splitting a character', () => {
    const f = { ...base, description: 'é✓😀x'.repeat(40), locationName: 'L'.repeat(200) };
    const ics = bookingIcs(f);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const lines = ics.slice(0, -2).split('\r\n');
    for (const line of lines) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      expect(line).not.toMatch(/[\r\n]/);
      expect(line).not.toContain('\uFFFD');
    }
    expect(lines.filter((l) => l.startsWith('\t')).length).toBeGreaterThan(4);
    expect(unfolded(ics)).toContain(`SUMMARY:${f.description}`);
  });

  it('a template filled with the id and updated_at is the whole entry; only those two parts are left out', () => {
    const stamp = new Date('2026-11-25T21:00:00Z');
    const t = bookingIcsTemplate(base, stamp);
    expect(t.head.endsWith('UID:hotdesk-booking-')).toBe(true);
    expect(t.middle.endsWith('SEQUENCE:')).toBe(true);
    const ics = fillIcs(t, base.id, base.updatedAt);
    expect(ics).toContain('\r\nUID:hotdesk-booking-4711\r\n');
    expect(ics).toContain(`\r\nSEQUENCE:${Math.floor(base.updatedAt.getTime() / 1000) % 2_000_000_000}\r\n`);
    expect(ics).toContain('\r\nDTSTAMP:20261125T210000Z\r\n');
    expect(ics).toContain('\r\nDTSTART:20300402T080000Z\r\nDTEND:20300402T093000Z\r\n');
  });

  it('folds only what needs it', () => {
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n\tx`);
    expect(foldLine('é'.repeat(38))).toBe(`${'é'.repeat(37)}\r\n\té`);
  });
});
