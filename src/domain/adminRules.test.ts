import { describe, expect, it } from 'vitest';
import {
  addDays, bulkCancelOutcome, canSaveCancellationReason, canSaveProfile, csvCell, csvLine, currentMonthRange, defaultSearchRange,
  isCalendarDay, keepEndAtOrAfterStart, PROFILE_MESSAGES, profileProblems,
} from './adminRules.js';

describe('profile save rule (SPEC 5)', () => {
  const ok = { FullName: 'A', Organisation: 'B', Phone: 'C', UseTeams: false };
  it('allows a complete profile, with either Teams answer', () => {
    expect(canSaveProfile(ok)).toBe(true);
    expect(canSaveProfile({ ...ok, UseTeams: true })).toBe(true);
  });
  it.each([
    ['FullName', { FullName: ' ' }],
    ['Organisation', { Organisation: '' }],
    ['Phone', { Phone: '  ' }],
    ['UseTeams', { UseTeams: null }],
    ['UseTeams', { UseTeams: undefined }],
  ] as const)('refuses a missing %s', (field, change) => {
    expect(canSaveProfile({ ...ok, ...change })).toBe(false);
    expect(profileProblems({ ...ok, ...change })).toEqual({ [field]: PROFILE_MESSAGES[field] });
  });
});

describe('dates', () => {
  it('checks calendar days', () => {
    expect(isCalendarDay('2030-02-28')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2030-02-29')).toBe(false);
    expect(isCalendarDay('2030-2-1')).toBe(false);
  });
  it('booking search defaults to today .. today + 7, across month and year ends', () => {
    expect(defaultSearchRange('2030-12-28')).toEqual({ from: '2030-12-28', to: '2031-01-04' });
    expect(addDays('2030-03-01', -1)).toBe('2030-02-28');
  });
  it('reporting defaults to the current month', () => {
    expect(currentMonthRange('2030-02-14')).toEqual({ from: '2030-02-01', to: '2030-02-28' });
    expect(currentMonthRange('2028-02-01')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(currentMonthRange('2030-12-31')).toEqual({ from: '2030-12-01', to: '2030-12-31' });
  });
  it('keeps the end at or after the start', () => {
    expect(keepEndAtOrAfterStart('2030-05-10', '2030-05-01')).toEqual({ from: '2030-05-10', to: '2030-05-10' });
    expect(keepEndAtOrAfterStart('2030-05-10', '2030-05-10')).toEqual({ from: '2030-05-10', to: '2030-05-10' });
    expect(keepEndAtOrAfterStart('2030-05-10', '2030-05-11')).toEqual({ from: '2030-05-10', to: '2030-05-11' });
  });
});

describe('bulk cancellation outcome (SPEC 8)', () => {
  it('all, none and partial', () => {
    expect(bulkCancelOutcome(3, 3)).toEqual({ kind: 'all', message: 'All selected bookings cancelled.' });
    expect(bulkCancelOutcome(0, 3)).toEqual({ kind: 'none', message: 'Unable to cancel bookings' });
    expect(bulkCancelOutcome(2, 3)).toEqual({ kind: 'partial', message: '2 out of 3 bookings cancelled. There were issues cancelling the remaining bookings' });
  });
  it('the reason must not be blank', () => {
    expect(canSaveCancellationReason('  ')).toBe(false);
    expect(canSaveCancellationReason('Office closed')).toBe(true);
  });
});

describe('CSV cells', () => {
  it('quotes and neutralises formulas, leaving numbers alone', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('@x')).toBe("'@x");
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', 1])).toBe('a,1\r\n');
  });
});
