import type { Booking } from '../../../domain/wire/bookings.js';
import type { SeriesDetail, SeriesDetailOccurrence } from '../../../domain/wire/seriesManage.js';
import { dateInput } from './formatTimes.js';

/**
 * A series' occurrences: the server's list when it has loaded, else those My Bookings holds (the
 * upcoming ones), each with its day on the site's clock. The dialog can open before the series loads.
 */
export function seriesOccurrences(detail: SeriesDetail | undefined, members: readonly Booking[], timeZone: string): SeriesDetailOccurrence[] {
  if (detail) return detail.Occurrences;
  return members.map((b) => ({ BookingId: b.Id, Date: dateInput(b.Start, timeZone), Start: b.Start, Finish: b.Finish, Status: b.Status }));
}

/** The day of one occurrence (YYYY-MM-DD on the site's clock). */
export const occurrenceDate = (b: Booking, detail: SeriesDetail | undefined, timeZone: string): string =>
  detail?.Occurrences.find((o) => o.BookingId === b.Id)?.Date ?? dateInput(b.Start, timeZone);
