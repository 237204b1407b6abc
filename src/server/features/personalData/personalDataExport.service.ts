import { format } from 'date-fns/format';
import { bookingStatusInWords, isBookingStatus } from '../../../domain/bookingStatus.js';
import { isoWithOffset } from '../../../domain/dateFormat.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../http/errors.js';
import { countRead } from '../../http/perPersonLimit.js';
import { myBookingsCsv } from '../myBookings/myBookings.service.js';
import {
  bookingsOf, favouriteDesksOf, mailsTo, profileOf, pushSubscriptionsOf, sessionsOf, type OwnBookingRow,
} from './personalData.repo.js';

/** The document's shape version: raised when a field changes meaning or goes away. */
export const EXPORT_VERSION = 1;
/** Downloads per person and hour: the export reads everything about a person, so it is not free. */
export const EXPORTS_PER_HOUR = 5;
/** The export holds at most this many bookings (the latest) and mails; the document says when it was cut. */
export const MAX_BOOKINGS = 10_000;
export const MAX_MAILS = 1_000;
export const TOO_MANY_EXPORTS = 'You have downloaded your data several times this hour. Please try again in an hour.';

async function charge(deps: AppDeps, userId: number): Promise<void> {
  await countRead(deps.pool, 'personalData', userId, EXPORTS_PER_HOUR, { per: 'hour', refusal: TOO_MANY_EXPORTS });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Only the push service's host: the full endpoint URL is a capability to send to the device. */
const hostOf = (endpoint: string) => { try { return new URL(endpoint).host; } catch { return ''; } };

const bookingOut = (b: OwnBookingRow) => ({
  Id: Number(b.id),
  Type: b.room_id !== null ? 'Room' : 'Desk',
  Site: b.site_name,
  Location: b.location_name,
  Place: b.place,
  // On the site's clock with its offset, as the bookings CSV writes them; TimeZone names the zone.
  Start: isoWithOffset(b.starts_at, b.time_zone),
  Finish: isoWithOffset(b.finishes_at, b.time_zone),
  TimeZone: b.time_zone,
  Status: isBookingStatus(b.status) ? bookingStatusInWords(b.status) : String(b.status),
  Description: b.description,
  OnBehalfOf: b.on_behalf_of_email,
  BookedByYou: b.booked_by_me,
  BookedBy: b.booked_by_name,
  Parking: b.include_parking,
  CancellationReason: b.cancellation_reason,
  CancelledAt: b.cancelled_at ? isoWithOffset(b.cancelled_at, b.time_zone) : null,
  CancelledByAdmin: b.cancelled_by_admin,
  CheckedInAt: b.checked_in_at ? isoWithOffset(b.checked_in_at, b.time_zone) : null,
  CheckedInBy: b.checked_in_by_name,
  SeriesId: b.series_id,
  CreatedAt: isoWithOffset(b.created_at, b.time_zone),
});

/** Everything Hotdesk holds about the caller, as one JSON document (GDPR art. 15 and 20). */
export async function personalDataDocument(deps: AppDeps, user: SessionUser) {
  const profile = await profileOf(deps.pool, user.id);
  // The session guard found the account; it can only be gone if it was erased this very moment.
  if (!profile) throw new AppError('NOT_SIGNED_IN', 'Please sign in again.');
  const [bookings, favourites, push, sessions, mails] = await Promise.all([
    bookingsOf(deps.pool, user.id, profile.email, MAX_BOOKINGS + 1),
    favouriteDesksOf(deps.pool, user.id),
    pushSubscriptionsOf(deps.pool, user.id),
    sessionsOf(deps.pool, user.id),
    mailsTo(deps.pool, profile.email, MAX_MAILS + 1),
  ]);
  return {
    Version: EXPORT_VERSION,
    ExportedAt: deps.now().toISOString(),
    Profile: {
      Id: profile.id,
      FullName: profile.full_name,
      Email: profile.email,
      Organisation: profile.organisation,
      Phone: profile.phone,
      Photo: profile.photo_type && profile.photo_data ? { Type: profile.photo_type, Data: profile.photo_data } : null,
      Roles: profile.roles,
      Teams: profile.teams,
      Tags: profile.tags,
      CreatedAt: iso(profile.created_at),
      SignIn: { LocalPassword: profile.has_password, SingleSignOn: profile.has_oidc, ExpectsSingleSignOn: profile.expects_sso },
      Settings: {
        UseTeams: profile.use_teams, HideNameOnMap: profile.hide_name_on_map, CalendarInvitations: profile.calendar_invitations,
      },
    },
    Bookings: bookings.slice(0, MAX_BOOKINGS).map(bookingOut),
    BookingsCut: bookings.length > MAX_BOOKINGS,
    FavouriteDesks: favourites.map((f) => ({ Floorplan: f.floorplan, Desk: f.desk_name, AddedAt: iso(f.created_at) })),
    // Whether a feed exists; never its secret (only a hash of it is kept anyway).
    CalendarFeed: { Subscribed: profile.has_calendar_feed },
    PushSubscriptions: push.map((p) => ({ EndpointHost: hostOf(p.endpoint), CreatedAt: iso(p.created_at) })),
    // Session tokens are never stored (only their hashes) and never exported.
    Sessions: sessions.map((s) => ({ CreatedAt: iso(s.created_at), LastSeenAt: iso(s.last_seen_at), ExpiresAt: iso(s.expires_at), UserAgent: s.user_agent })),
    Mails: mails.slice(0, MAX_MAILS).map((m) => ({ Subject: m.subject, QueuedAt: iso(m.created_at), SentAt: iso(m.sent_at) })),
    MailsCut: mails.length > MAX_MAILS,
  };
}

export interface ExportFile { filename: string; contentType: string; body: Buffer }

/** GET /api/me/data: the JSON document, or the bookings alone as CSV (the My Bookings export's columns). */
export async function personalDataFile(deps: AppDeps, user: SessionUser, formatName: 'json' | 'csv'): Promise<ExportFile> {
  await charge(deps, user.id);
  const day = format(deps.now(), 'yyyy-MM-dd');
  if (formatName === 'csv') {
    const { csv } = await myBookingsCsv(deps, user);
    return { filename: `hotdesk-my-data-bookings-${day}.csv`, contentType: 'text/csv; charset=utf-8', body: Buffer.from(csv, 'utf8') };
  }
  const doc = await personalDataDocument(deps, user);
  return { filename: `hotdesk-my-data-${day}.json`, contentType: 'application/json; charset=utf-8', body: Buffer.from(JSON.stringify(doc, null, 2), 'utf8') };
}
