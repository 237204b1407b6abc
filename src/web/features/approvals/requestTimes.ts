import { browserTimeZone } from '../../../domain/deskRoute.js';
import type { Booking } from '../../../domain/wire/bookings.js';
import { slotText } from '../roomBooking/roomBookingView.js';

/** Site id -> the site's time zone. */
export type Zones = ReadonlyMap<number, string>;

/** A request's time on its site's wall clock; until the sites load (or for an unknown site), the browser's own. Short under 768 px. */
export const when = (b: Booking, zones: Zones, short: boolean) =>
  slotText(new Date(b.Start), new Date(b.Finish), zones.get(b.SiteId) ?? browserTimeZone(), short);
