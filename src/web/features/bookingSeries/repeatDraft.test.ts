import { describe, expect, it } from 'vitest';
import { Recurrence } from '../../../domain/recurrence/recurrenceRule.js';
import { describeRecurrence } from '../../../domain/recurrence/describeRecurrence.js';
import { addDays, repeatErrors, repeatOff, serverRepeatErrors, toRecurrence, weekdayPosition, type RepeatDraft } from './repeatDraft.js';

// 2030-04-09 is a Tuesday, the second of April 2030; 2030-04-30 is the last Tuesday.
const FIRST = '2030-04-09';
const draft = (patch: Partial<RepeatDraft>): RepeatDraft => ({ ...repeatOff(FIRST), ...patch });
/** The rule the server would take, in the words the screen shows. */
const words = (d: RepeatDraft, first = FIRST) => describeRecurrence(Recurrence.parse(toRecurrence(d, first)), first);

describe('the Repeat control draft', () => {
  it('does not repeat by default, and weekly starts on the first day\'s weekday', () => {
    expect(toRecurrence(repeatOff(FIRST), FIRST)).toBeNull();
    expect(repeatErrors(repeatOff(FIRST), FIRST)).toEqual({});
    expect(words(draft({ kind: 'Weekly' }))).toBe('Every week on Tuesday, 10 times');
  });

  it('builds daily, weekly and monthly rules the server accepts', () => {
    expect(words(draft({ kind: 'Daily' }))).toBe('Every weekday, 10 times');
    expect(words(draft({ kind: 'Daily', weekdaysOnly: false, interval: 2, end: 'until', until: '2030-05-01' }))).toMatch(/^Every 2 days, until .*1 May 2030/);
    expect(toRecurrence(draft({ kind: 'Weekly', weekdays: ['FR', 'MO'], interval: 2 }), FIRST)).toEqual({ Frequency: 'Weekly', Interval: 2, ByDay: ['MO', 'FR'], Count: 10 });
    expect(words(draft({ kind: 'Monthly' }))).toBe('Every month on the 9th, 10 times');
    expect(words(draft({ kind: 'Monthly', monthlyBy: 'weekday' }))).toBe('Every month on the second Tuesday, 10 times');
    expect(words(draft({ kind: 'Monthly', monthlyBy: 'lastWeekday' }), '2030-04-30')).toBe('Every month on the last Tuesday, 10 times');
  });

  it('knows a day\'s place among its month\'s weekdays', () => {
    expect(weekdayPosition(FIRST)).toEqual({ position: 2, isLast: false });
    expect(weekdayPosition('2030-04-30')).toEqual({ position: 5, isLast: true });
    expect(weekdayPosition('2030-04-24')).toEqual({ position: 4, isLast: true });
    expect(addDays('2030-12-30', 3)).toBe('2031-01-02');
  });

  it('names each mistake beside its field', () => {
    expect(repeatErrors(draft({ kind: 'Weekly', weekdays: [], interval: 0 }), FIRST)).toEqual({
      weekdays: 'Choose at least one weekday.', interval: 'Give a whole number from 1 to 99.',
    });
    expect(repeatErrors(draft({ kind: 'Daily', end: 'until', until: '2030-04-01' }), FIRST)).toEqual({ until: 'The end date is before the first occurrence.' });
    expect(repeatErrors(draft({ kind: 'Daily', count: '' }), FIRST)).toEqual({ count: 'Give a number of occurrences, at least 1.' });
    expect(repeatErrors(draft({ kind: 'Monthly', monthlyBy: 'weekday' }), '2030-04-30').monthlyBy).toMatch(/fifth/);
  });

  it('puts the server\'s field messages beside the matching input', () => {
    const weekly = draft({ kind: 'Weekly' });
    expect(serverRepeatErrors({ 'Recurrence.Count': 'A repeating booking may hold at most 260 occurrences.' }, weekly))
      .toEqual({ count: 'A repeating booking may hold at most 260 occurrences.' });
    expect(serverRepeatErrors({ 'Recurrence.Until': 'Until: the end date is before the first occurrence.' }, { ...weekly, end: 'until' }))
      .toEqual({ until: 'Until: the end date is before the first occurrence.' });
    expect(serverRepeatErrors({ 'Recurrence.ByDay': 'ByDay: each weekday once.', Recurrence: 'This rule gives no occurrence.' }, weekly))
      .toEqual({ weekdays: 'ByDay: each weekday once.', rule: 'This rule gives no occurrence.' });
    expect(serverRepeatErrors({ Dates: 'Choose the occurrences to book.', Finish: 'x' }, weekly)).toEqual({});
  });
});
