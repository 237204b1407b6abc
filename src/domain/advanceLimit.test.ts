import { describe, expect, it } from 'vitest';
import {
  advanceLimitDate,
  CONSTRAINT_RESOURCE,
  CONSTRAINT_TYPE,
  isConstraintSet,
  isWithinAdvanceLimit,
  parseConstraintNumber,
  resolveConstraint,
  type BookingConstraint,
  type ConstraintType,
} from './advanceLimit.js';

const LONDON = 'Europe/London';
const room = (Number: number, Type: ConstraintType = CONSTRAINT_TYPE.Week): BookingConstraint => ({
  Number,
  ResourceType: CONSTRAINT_RESOURCE.Room,
  Type,
});
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('resolveConstraint', () => {
  const loc = room(1);
  const site = room(2);
  const global = room(3);
  it('location wins over site and global', () => {
    expect(resolveConstraint({ location: loc, site, global })).toBe(loc);
  });
  it('falls through a missing, null or Number 0 location to the site', () => {
    expect(resolveConstraint({ site, global })).toBe(site);
    expect(resolveConstraint({ location: null, site, global })).toBe(site);
    expect(resolveConstraint({ location: room(0), site, global })).toBe(site);
  });
  it('falls through to global when location and site are unset', () => {
    expect(resolveConstraint({ location: room(0), site: room(0), global })).toBe(global);
    expect(resolveConstraint({ global })).toBe(global);
  });
  it('global Number 0 (or missing) means no limit', () => {
    expect(resolveConstraint({ location: room(0), site: room(0), global: room(0) })).toBeNull();
    expect(resolveConstraint({ global: null })).toBeNull();
    expect(resolveConstraint({ global: undefined })).toBeNull();
  });
  it('ignores negative, fractional, NaN numbers and unknown types', () => {
    expect(resolveConstraint({ location: room(-1), site: room(1.5), global: room(NaN) })).toBeNull();
    expect(resolveConstraint({ location: room(2, 9 as ConstraintType), global })).toBe(global);
    expect(isConstraintSet(room(1))).toBe(true);
  });
});

describe('advanceLimitDate', () => {
  it('null or unset constraint means no limit', () => {
    expect(advanceLimitDate(null, new Date(), LONDON)).toBeNull();
    expect(advanceLimitDate(room(0), new Date(), LONDON)).toBeNull();
  });
  it('counts from the start of today, ends at the end of the target day (same result all day)', () => {
    const early = new Date('2025-01-06T00:00:00Z'); // Monday 00:00 GMT
    const late = new Date('2025-01-06T23:59:59.999Z');
    expect(iso(advanceLimitDate(room(1), early, LONDON))).toBe('2025-01-13T23:59:59.999Z');
    expect(iso(advanceLimitDate(room(1), late, LONDON))).toBe('2025-01-13T23:59:59.999Z');
  });
  it('Week is 7 days each', () => {
    expect(iso(advanceLimitDate(room(2), new Date('2025-01-06T12:00:00Z'), LONDON))).toBe('2025-01-20T23:59:59.999Z');
  });
  it('a week across the March clock change ends at local midnight (BST)', () => {
    // Thursday 27 March GMT -> Thursday 3 April BST: end of day is 22:59:59.999Z.
    expect(iso(advanceLimitDate(room(1), new Date('2025-03-27T10:00:00Z'), LONDON))).toBe(
      '2025-04-03T22:59:59.999Z',
    );
  });
  it('a week across the October clock change ends at local midnight (GMT)', () => {
    expect(iso(advanceLimitDate(room(1), new Date('2025-10-23T10:00:00Z'), LONDON))).toBe(
      '2025-10-30T23:59:59.999Z',
    );
  });
  it('on a DST change day "today" is still that local day', () => {
    expect(iso(advanceLimitDate(room(1), new Date('2025-03-30T00:30:00Z'), LONDON))).toBe(
      '2025-04-06T22:59:59.999Z',
    );
  });
  it('today is the SITE day: 23:30Z on 30 June is already 1 July in London', () => {
    const now = new Date('2025-06-30T23:30:00Z');
    const month = room(1, CONSTRAINT_TYPE.Month);
    expect(iso(advanceLimitDate(month, now, LONDON))).toBe('2025-08-01T22:59:59.999Z');
    expect(iso(advanceLimitDate(month, now, 'UTC'))).toBe('2025-07-30T23:59:59.999Z');
  });
  it('Month is a calendar month, clamped at month end (31 Jan + 1 month)', () => {
    const month = room(1, CONSTRAINT_TYPE.Month);
    expect(iso(advanceLimitDate(month, new Date('2025-01-31T12:00:00Z'), LONDON))).toBe('2025-02-28T23:59:59.999Z');
    expect(iso(advanceLimitDate(month, new Date('2024-01-31T12:00:00Z'), LONDON))).toBe('2024-02-29T23:59:59.999Z');
    expect(iso(advanceLimitDate(room(3, CONSTRAINT_TYPE.Month), new Date('2025-11-30T12:00:00Z'), LONDON))).toBe(
      '2026-02-28T23:59:59.999Z',
    );
  });
  it('a month across the March clock change', () => {
    expect(
      iso(advanceLimitDate(room(1, CONSTRAINT_TYPE.Month), new Date('2025-03-15T12:00:00Z'), LONDON)),
    ).toBe('2025-04-15T22:59:59.999Z');
  });
  it('Year is a calendar year; 29 Feb + 1 year = 28 Feb', () => {
    const year = room(1, CONSTRAINT_TYPE.Year);
    expect(iso(advanceLimitDate(year, new Date('2024-02-29T12:00:00Z'), LONDON))).toBe('2025-02-28T23:59:59.999Z');
    expect(iso(advanceLimitDate(room(4, CONSTRAINT_TYPE.Year), new Date('2024-02-29T12:00:00Z'), LONDON))).toBe(
      '2028-02-29T23:59:59.999Z',
    );
  });
  it('other zones: New York end of day is 04:59:59.999Z in summer', () => {
    expect(iso(advanceLimitDate(room(1), new Date('2025-07-01T12:00:00Z'), 'America/New_York'))).toBe(
      '2025-07-09T03:59:59.999Z',
    );
  });
  it('an absurdly large number is "no practical limit" rather than an invalid date', () => {
    expect(advanceLimitDate(room(Number.MAX_SAFE_INTEGER, CONSTRAINT_TYPE.Year), new Date(), LONDON)).toBeNull();
  });
});

describe('isWithinAdvanceLimit', () => {
  const limit = new Date('2025-01-13T23:59:59.999Z');
  it('the limit instant itself is allowed, one ms later is not', () => {
    expect(isWithinAdvanceLimit(limit, limit)).toBe(true);
    expect(isWithinAdvanceLimit(new Date(limit.getTime() + 1), limit)).toBe(false);
    expect(isWithinAdvanceLimit(new Date('2025-01-13T08:00:00Z'), limit)).toBe(true);
  });
  it('null limit allows anything', () => {
    expect(isWithinAdvanceLimit(new Date('2999-01-01T00:00:00Z'), null)).toBe(true);
  });
});

describe('parseConstraintNumber', () => {
  it.each([
    [3, 3],
    ['3', 3],
    [' 12 ', 12],
    ['007', 7],
    [0, 0],
    ['0', 0],
  ])('valid %j -> %j', (input, out) => expect(parseConstraintNumber(input)).toBe(out));
  it.each([
    [''],
    ['   '],
    [null],
    [undefined],
    ['abc'],
    ['2.5'],
    [2.5],
    ['-1'],
    [-1],
    ['1e3'],
    ['0x10'],
    ['3 weeks'],
    [NaN],
    [Infinity],
    [true],
    [{}],
    [[3]],
    ['99999999999999999999'],
  ])('invalid %j -> 0', (input) => expect(parseConstraintNumber(input)).toBe(0));
});
