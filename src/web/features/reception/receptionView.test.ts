import { describe, expect, it } from 'vitest';
import type { CheckInMeeting } from '../../../domain/wire/myBookings.js';
import { checkInState, eventTitle, truncate } from './receptionView.js';

const m = (o: Partial<CheckInMeeting> = {}) => ({
  Status: 1, CheckedIn: false, Description: 'Board meeting', OnBehalfOfEmail: '', BookedByUserName: 'Sofia Staff', ...o,
}) as CheckInMeeting;

describe('Reception View rules', () => {
  it('names the check-in state', () => {
    expect(checkInState(m({ CheckedIn: true }), true)).toBe('checkedIn');
    expect(checkInState(m(), true)).toBe('awaiting');
    expect(checkInState(m(), false)).toBe('notRequired');
    expect(checkInState(m({ Status: 0 }), true)).toBe('pending');
    expect(checkInState(m({ Status: 4 }), true)).toBe('noShow');
  });
  it('titles events with who and the state, at most 100 characters', () => {
    expect(eventTitle(m({ CheckedIn: true }), true)).toBe('Board meeting (Sofia Staff) · Checked in');
    expect(eventTitle(m({ Description: 'x'.repeat(200) }), true)).toHaveLength(100);
    expect(truncate('short')).toBe('short');
  });
});
