import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { mergedPeriods, writeFreeBusy, type BusyPeriod } from './freeBusyObject.js';

const at = (hhmm: string) => new Date(`2030-01-07T${hhmm}:00Z`);
const p = (start: string, end: string, type: BusyPeriod['type'] = 'BUSY'): BusyPeriod => ({ start: at(start), end: at(end), type });
const plain = (list: BusyPeriod[]) => list.map((x) => `${x.type} ${x.start.toISOString().slice(11, 16)}-${x.end.toISOString().slice(11, 16)}`);

describe('mergedPeriods', () => {
  it('merges overlapping and touching periods of one type, keeps types apart, clips to the range, drops what is outside', () => {
    const merged = mergedPeriods([
      p('10:00', '11:00'), p('09:00', '10:00'), p('10:30', '12:00'), p('13:00', '14:00'),
      p('11:00', '11:30', 'BUSY-TENTATIVE'), p('07:00', '09:30', 'BUSY-UNAVAILABLE'), p('18:00', '19:00'), p('05:00', '06:00'),
    ], at('08:00'), at('17:00'));
    expect(plain(merged)).toEqual(['BUSY-UNAVAILABLE 08:00-09:30', 'BUSY 09:00-12:00', 'BUSY-TENTATIVE 11:00-11:30', 'BUSY 13:00-14:00']);
  });
});

describe('writeFreeBusy', () => {
  it('writes a VFREEBUSY that ical.js reads back: the range, the stamp and one period a line, in UTC', () => {
    const text = writeFreeBusy({ uid: 'u-1', stamp: at('08:05'), start: at('08:00'), end: at('17:00'), periods: [p('09:00', '10:00', 'BUSY-TENTATIVE')], comment: 'Severn, Floor 1' });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text).toContain('FREEBUSY;FBTYPE=BUSY-TENTATIVE:20300107T090000Z/20300107T100000Z\r\n');
    const fb = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vfreebusy')!;
    expect(fb.getFirstPropertyValue('uid')).toBe('u-1');
    expect(fb.getFirstPropertyValue('comment')).toBe('Severn, Floor 1');
    expect((fb.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate()).toEqual(at('17:00'));
    const period = fb.getFirstPropertyValue('freebusy') as ICAL.Period;
    expect([period.start.toJSDate(), period.getEnd().toJSDate()]).toEqual([at('09:00'), at('10:00')]);
  });
});
