import { formatMinutes } from '../../../domain/dateFormat.js';
import { fromWallClock, toWallClock } from '../../../domain/wallClock.js';
import type { SiteSummary } from '../../../domain/wire/sites.js';
import type { Closure } from '../../../domain/wire/closures.js';
import type { AvailabilityItem } from '../../../domain/wire/roomBooking.js';
import { closesRoom, closuresOver } from '../closures/closedPlaces.js';
import type { AvailabilityQuery } from './roomBookingApi.js';

/**
 * What the "Find room" tab (the room page's first view) needs: the labels of its time lists, today
 * in the site's zone and its empty messages. Apart from roomBookingView.ts, whose calendar helpers
 * bring date-fns functions the first view never calls (issue 19, point 7: first load).
 */
export const NO_AVAILABILITY = 'No rooms with availability at the selected date(s) and time(s) were found...';
export const NO_ROOMS_RESTRICTED = 'No rooms were found, but this may be due to booking restrictions in effect at this location.';
export const NO_AVAILABILITY_DAY = 'No availability for the date selected';

/** A time list's label of minutes since midnight, in the browser's language ('09:15', '9:15 AM'). */
export const minutesLabel = (m: number): string => formatMinutes(m);

/** Which empty message: no rooms the person may choose at all (restrictions) or none free. */
export const emptyResultMessage = (roomsInScope: number): string => (roomsInScope === 0 ? NO_ROOMS_RESTRICTED : NO_AVAILABILITY);

/** Today's date (YYYY-MM-DD) in a zone, for date inputs. */
export const todayIn = (now: Date, timeZone: string): string => toWallClock(now, timeZone).date;

/**
 * The availability search for a day and times on the site's wall clock, or null while the date field
 * holds no whole date. The tab and its prefetch (prefetch.ts) both build it here, so the prefetched
 * answer is found under the very key the tab asks for.
 */
export function availabilityQuery(
  site: Pick<SiteSummary, 'Id' | 'TimeZone'>, roomType: number, date: string, times: { start: number; end: number }, locationId: number | null,
): AvailabilityQuery | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  return {
    fromDate: fromWallClock(date, times.start, site.TimeZone).toISOString(),
    toDate: fromWallClock(date, times.end, site.TimeZone).toISOString(),
    roomType, siteId: site.Id, locationId,
  };
}

/** The closure of a found room over its searched time (the room, its floor or the site), if any (issue 22). */
export const roomClosure = (closures: readonly Closure[], r: Pick<AvailabilityItem, 'ID' | 'LocationID' | 'Start' | 'Finish'>): Closure | undefined =>
  closuresOver(closures, new Date(r.Start), new Date(r.Finish)).find((c) => closesRoom(c, { id: r.ID, locationId: r.LocationID }));
