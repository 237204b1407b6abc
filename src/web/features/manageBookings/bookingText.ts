import { bookingStatusInWords, isBookingStatus } from '../../../domain/bookingStatus.js';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { formatDay, formatTime } from '../../../domain/dateFormat.js';
import type { Booking } from '../../../domain/wire/bookings.js';
import { useShortDates } from '../appShell/index.js';
import { listSites } from './manageBookingsApi.js';

/**
 * A booking's day and times in the shared format (src/domain/dateFormat.ts): the browser's language,
 * the booking's site's zone (the site list is cached; until it loads, the browser's zone), short
 * under 768 px.
 */
export function useBookingText() {
  const sites = useQuery({ queryKey: ['sites'], queryFn: listSites });
  const short = useShortDates();
  return useMemo(() => {
    const zones = new Map((sites.data ?? []).map((s) => [s.Id, s.TimeZone]));
    const o = (b: Booking) => ({ timeZone: zones.get(b.SiteId), short });
    return {
      date: (b: Booking) => formatDay(b.Start, o(b)),
      times: (b: Booking) => `${formatTime(b.Start, o(b))}–${formatTime(b.Finish, o(b))}`,
    };
  }, [sites.data, short]);
}
export const statusText = (b: Booking) => (isBookingStatus(b.Status) ? bookingStatusInWords(b.Status) : String(b.Status));
/** Only Pending and Approved bookings can still be cancelled. */
export const isCancellable = (b: Booking) => b.Status === 0 || b.Status === 1;
export const localToday = (d = new Date()) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
