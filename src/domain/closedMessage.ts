import { FALLBACK_LOCALE, formatDayTime } from './dateFormat.js';

/**
 * The refusal of a booking during a closure, from the DETAIL the database trigger gives
 * (booking_place_is_open, migration 0021): the closure's reason and when that closure ends, on the
 * site's clock. Server messages have no browser language, so the fallback locale writes the date.
 */
export function closedMessage(detail: string | undefined): string {
  try {
    const d = JSON.parse(detail ?? '') as { reason?: unknown; endsAt?: unknown; timeZone?: unknown };
    if (typeof d.reason === 'string' && typeof d.endsAt === 'string' && typeof d.timeZone === 'string') {
      const until = formatDayTime(d.endsAt, { locale: FALLBACK_LOCALE, timeZone: d.timeZone });
      return `Closed until ${until}: ${d.reason}`;
    }
  } catch {
    // fall through to the general message
  }
  return 'This place is closed at the chosen time.';
}
