import { describe, expect, it } from 'vitest';
import { seriesNotice, type SeriesNoticeFacts } from './seriesNotice.js';

const config = { publicUrl: new URL('https://desk.example/'), mailLocale: 'en-GB' };
const at = (day: number, hh: string) => new Date(`2030-04-${String(day).padStart(2, '0')}T${hh}:00:00+01:00`);
const room: SeriesNoticeFacts['place'] = {
  roomId: 7, locationId: 2, name: 'Thames', locationName: 'Floor 1', siteName: 'London HQ', timeZone: 'Europe/London', notificationEmail: 'rooms@hq.example',
};
const facts = (extra: Partial<SeriesNoticeFacts> = {}): SeriesNoticeFacts => ({
  event: 'booked', place: room, rule: { Frequency: 'Weekly', Interval: 1, ByDay: ['MO'], Count: 3 }, firstDate: '2030-04-01',
  occurrences: [1, 8, 15].map((d) => ({ start: at(d, '09'), finish: at(d, '10') })),
  description: 'Weekly sync', onBehalfOfEmail: '', booker: { id: 1, email: 'staff@hq.example', fullName: 'Sofia Staff' }, ...extra,
});

describe('seriesNotice', () => {
  it('names the place, the rule in words with its time once, each occurrence\'s day on the site clock, and links into the app', () => {
    const n = seriesNotice(config, facts());
    expect(n.subject).toBe('Room booked, repeating: Thames, Every week on Monday, 3 times');
    expect(n.text).toContain('Room: Thames (Floor 1, London HQ)\nRepeats: Every week on Monday, 3 times, 09:00–10:00 (Europe/London)\nMeeting: Weekly sync');
    expect(n.text).toContain('3 occurrences:\n  Mon, 1 Apr 2030\n  Mon, 8 Apr 2030\n  Mon, 15 Apr 2030\n');
    expect(n.text).toContain('Your bookings: https://desk.example/menu/mybookings');
    expect(n.url).toBe('/menu/mybookings');
  });

  it('words each event of a series once', () => {
    expect(seriesNotice(config, facts({ event: 'requested' }))).toMatchObject({
      subject: 'Room request, repeating: Thames, Every week on Monday, 3 times', url: '/menu/approvals',
    });
    expect(seriesNotice(config, facts({ event: 'requested' })).text).toContain('Approve or reject it: https://desk.example/menu/approvals');
    expect(seriesNotice(config, facts({ event: 'approved' })).subject).toBe('Room request approved, repeating: Thames, Every week on Monday, 3 times');
    const rejected = seriesNotice(config, facts({ event: 'rejected', reason: 'Board season' }));
    expect(rejected.subject).toBe('Room request rejected, repeating: Thames, Every week on Monday, 3 times');
    expect(rejected.text).toContain('has been rejected.\nReason: Board season');
    const cancelled = seriesNotice(config, facts({ event: 'cancelled', reason: 'Refurbishment', decidedBy: { fullName: 'Ada Admin', email: 'admin@hq.example' } }));
    expect(cancelled.subject).toBe('Your booking has been cancelled: Thames, Every week on Monday, 3 times');
    expect(cancelled.text).toContain('Your repeating booking of room Thames (London HQ) has been cancelled by Ada Admin.\nReason: Refurbishment');
  });

  it('words a desk series as a desk, without an empty note line', () => {
    const n = seriesNotice(config, facts({ place: { ...room, roomId: null, name: 'Desk 12' }, description: '' }));
    expect(n.subject).toBe('Desk booked, repeating: Desk 12, Every week on Monday, 3 times');
    expect(n.text).toContain('Desk: Desk 12 (Floor 1, London HQ)');
    expect(n.text).not.toContain('Note:');
    expect(n.text).not.toContain('Meeting:');
  });

  it('writes the times on each line when the occurrences differ, and always for a change', () => {
    const moved = [{ start: at(1, '09'), finish: at(1, '10') }, { start: at(8, '14'), finish: at(8, '15') }];
    const n = seriesNotice(config, facts({ event: 'cancelled', occurrences: moved }));
    expect(n.text).toContain('Repeats: Every week on Monday, 3 times (Europe/London)');
    expect(n.text).toContain('2 occurrences:\n  Mon, 1 Apr 2030, 09:00–10:00\n  Mon, 8 Apr 2030, 14:00–15:00\n');
    const changed = seriesNotice(config, facts({ event: 'changed', occurrences: moved.slice(1) }));
    expect(changed.text).toContain('Repeats: Every week on Monday, 3 times (Europe/London)');
    expect(changed.text).toContain('One occurrence:\n  Mon, 8 Apr 2030, 14:00–15:00\n');
  });

  it('says when the time runs past midnight (a finish at midnight does not), and a desk series with parking', () => {
    const late = (d: number) => ({ start: at(d, '22'), finish: new Date(at(d, '22').getTime() + 4 * 3_600_000) });
    const desk = { ...room, roomId: null, name: 'Desk 12' };
    expect(seriesNotice(config, facts({ place: desk, occurrences: [late(1), late(8)], includeParking: true })).text)
      .toContain('Repeats: Every week on Monday, 3 times, 22:00–02:00 (ending the next day) (Europe/London)\nNote: Weekly sync\nWith parking\n');
    const toMidnight = (d: number) => ({ start: at(d, '20'), finish: new Date(at(d, '20').getTime() + 4 * 3_600_000) });
    expect(seriesNotice(config, facts({ occurrences: [toMidnight(1)] })).text).toContain('Repeats: Every week on Monday, 3 times, 20:00–00:00 (Europe/London)');
  });

  it('lists the first 60 occurrences and counts the rest', () => {
    const many = Array.from({ length: 65 }, (_, i) => ({ start: new Date(Date.UTC(2030, 0, 1 + i, 9)), finish: new Date(Date.UTC(2030, 0, 1 + i, 10)) }));
    const n = seriesNotice(config, facts({ occurrences: many }));
    expect(n.text).toContain('65 occurrences:');
    expect(n.text).toContain('  … and 5 more');
    expect(n.text.split('\n').filter((l) => l.startsWith('  ') && !l.includes('more'))).toHaveLength(60);
  });
});
