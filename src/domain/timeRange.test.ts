import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidRange, overlaps, overlapsAny, type TimeRange } from './timeRange.js';

const t = (hhmm: string): Date => new Date(`2025-03-10T${hhmm}:00Z`);
const r = (a: string, b: string): TimeRange => ({ start: t(a), end: t(b) });

describe('overlaps', () => {
  it('back-to-back ranges do not overlap, either order', () => {
    expect(overlaps(r('09:00', '10:00'), r('10:00', '11:00'))).toBe(false);
    expect(overlaps(r('10:00', '11:00'), r('09:00', '10:00'))).toBe(false);
  });
  it('one millisecond of shared time overlaps', () => {
    const a = r('09:00', '10:00');
    const b = { start: new Date(t('10:00').getTime() - 1), end: t('11:00') };
    expect(overlaps(a, b)).toBe(true);
  });
  it('containment, identity and partial overlap', () => {
    expect(overlaps(r('09:00', '12:00'), r('10:00', '11:00'))).toBe(true);
    expect(overlaps(r('10:00', '11:00'), r('09:00', '12:00'))).toBe(true);
    expect(overlaps(r('09:00', '10:00'), r('09:00', '10:00'))).toBe(true);
    expect(overlaps(r('09:00', '10:30'), r('10:00', '11:00'))).toBe(true);
  });
  it('disjoint ranges with a gap do not overlap', () => {
    expect(overlaps(r('09:00', '10:00'), r('10:15', '11:00'))).toBe(false);
  });
  it('overlapsAny: empty list never clashes', () => {
    expect(overlapsAny(r('09:00', '10:00'), [])).toBe(false);
    expect(overlapsAny(r('09:00', '10:00'), [r('08:00', '09:00'), r('10:00', '11:00')])).toBe(false);
    expect(overlapsAny(r('09:00', '10:00'), [r('08:00', '09:00'), r('09:59', '11:00')])).toBe(true);
  });

  const range = fc
    .tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 1, max: 10_000 }))
    .map(([s, len]) => ({ start: new Date(s), end: new Date(s + len) }));

  it('property: symmetric', () => {
    fc.assert(fc.property(range, range, (a, b) => overlaps(a, b) === overlaps(b, a)));
  });
  it('property: agrees with "some millisecond is in both"', () => {
    const small = fc
      .tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 1, max: 20 }))
      .map(([s, len]) => ({ start: new Date(s), end: new Date(s + len) }));
    fc.assert(
      fc.property(small, small, (a, b) => {
        let shared = false;
        for (let ms = a.start.getTime(); ms < a.end.getTime(); ms++) {
          if (ms >= b.start.getTime() && ms < b.end.getTime()) shared = true;
        }
        return overlaps(a, b) === shared;
      }),
    );
  });
  it('property: a valid range overlaps itself', () => {
    fc.assert(fc.property(range, (a) => overlaps(a, a)));
  });
});

describe('isValidRange', () => {
  it('needs start strictly before end', () => {
    expect(isValidRange(r('09:00', '10:00'))).toBe(true);
    expect(isValidRange({ start: t('09:00'), end: new Date(t('09:00').getTime() + 1) })).toBe(true);
    expect(isValidRange(r('09:00', '09:00'))).toBe(false);
    expect(isValidRange(r('10:00', '09:00'))).toBe(false);
  });
  it('refuses invalid dates, null and non-dates', () => {
    expect(isValidRange({ start: new Date('garbage'), end: t('10:00') })).toBe(false);
    expect(isValidRange({ start: t('09:00'), end: new Date(NaN) })).toBe(false);
    expect(isValidRange(null)).toBe(false);
    expect(isValidRange(undefined)).toBe(false);
    expect(isValidRange({ start: '2025-01-01', end: '2025-01-02' } as unknown as TimeRange)).toBe(false);
  });
});
