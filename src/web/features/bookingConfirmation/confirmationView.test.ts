import { describe, expect, it } from 'vitest';
import { calendarFilePath, confirmationTitle, nextStep, placeWords, PENDING_TITLE } from './confirmationView.js';

describe('the booking confirmation wording', () => {
  it('titles a booking by what was booked, and a request as waiting for approval', () => {
    expect(confirmationTitle({ what: 'Desk 4', pending: false })).toBe('Desk 4 booked');
    expect(confirmationTitle({ what: 'Thames', pending: false })).toBe('Thames booked');
    expect(confirmationTitle({ what: 'Boardroom', pending: true })).toBe(PENDING_TITLE);
    expect(PENDING_TITLE).toBe('Requested: waiting for approval');
  });

  it('says what happens next: a request names the room and the e-mail to come', () => {
    expect(nextStep({ kind: 'room', what: 'Boardroom', pending: true })).toMatch(/^Boardroom is restricted: .* e-mail when it is approved or rejected\.$/);
    expect(nextStep({ kind: 'desk', what: 'Desk 4', pending: false })).toBe('The desk now shows as booked by you.');
  });

  it('joins the known parts of the place, and points Add to calendar at the booking', () => {
    expect(placeWords('Floor 1: Main', 'London HQ')).toBe('Floor 1: Main, London HQ');
    expect(placeWords(undefined, ' ', 'London HQ')).toBe('London HQ');
    expect(calendarFilePath(42)).toBe('/api/bookings/my/42.ics');
  });
});
