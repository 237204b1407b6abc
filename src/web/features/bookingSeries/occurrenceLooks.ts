/**
 * How each occurrence state looks in the preview and the confirmation: a colour AND words (never
 * colour alone), and whether the person may choose it. Only Free and NeedsApproval can be booked
 * (bookingSeries.ts); the others carry the server's reason in words.
 */
import type { OccurrenceState, SeriesOccurrence } from '../../../domain/wire/bookingSeries.js';

interface Look { words: string; colour: string; bookable: boolean }

// Filled badges, white text: each colour passes AA contrast (the shades My Bookings uses for statuses).
export const OCCURRENCE_LOOKS: Record<OccurrenceState, Look> = {
  Free: { words: 'Free', colour: '#237032', bookable: true },
  NeedsApproval: { words: 'Needs approval', colour: '#8f6400', bookable: true },
  Taken: { words: 'Taken', colour: '#c92a2a', bookable: false },
  Closed: { words: 'Closed', colour: '#495057', bookable: false },
  Past: { words: 'Past', colour: '#495057', bookable: false },
  BeyondLimit: { words: 'Beyond the advance limit', colour: '#5f3dc4', bookable: false },
  Refused: { words: 'Refused', colour: '#a63c00', bookable: false },
};

export const isBookable = (o: SeriesOccurrence): boolean => OCCURRENCE_LOOKS[o.State].bookable;

/**
 * The words under an occurrence: the server's reason for Closed and Refused (the closure's reason,
 * the rule that says no), the last possible day for BeyondLimit, nothing for the rest.
 */
export function occurrenceDetail(o: SeriesOccurrence, lastPossibleDay: string | null): string {
  if (o.State === 'BeyondLimit') return lastPossibleDay ? `The last possible date is ${lastPossibleDay}.` : o.Reason;
  if (o.State === 'Closed' || o.State === 'Refused') return o.Reason;
  return '';
}
