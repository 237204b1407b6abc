import { createHash, randomBytes } from 'node:crypto';
import type { EventAttributes } from 'ics';
import { BOOKING_STATUS } from '../../../domain/bookingStatus.js';
import type { CalendarFeed } from '../../../domain/wire/myBookings.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { allMyBookings } from '../myBookings/myBookings.repo.js';
import { feedEnabled, ownerOfFeed, setFeedHash } from './calendarFeed.repo.js';

/**
 * The personal iCalendar feed: a secret URL Outlook or Google Calendar subscribes to. Only a hash of
 * the secret is stored (like sessions), so the URL is shown once, when created or rotated; a new
 * one replaces the old at once, and revoking stops it.
 */
const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');
/** 32 random bytes, base64url: 43 characters of [A-Za-z0-9_-]. */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** The feed holds bookings from this many days back, and at most this many. */
export const FEED_PAST_DAYS = 30;
export const FEED_MAX_EVENTS = 2000;

export const feedStatus = async (deps: AppDeps, user: SessionUser): Promise<CalendarFeed> =>
  ({ Enabled: await feedEnabled(deps.pool, user.id), Url: null });

export async function createFeed(deps: AppDeps, user: SessionUser, origin: string): Promise<CalendarFeed> {
  const token = randomBytes(32).toString('base64url');
  await setFeedHash(deps.pool, user.id, hashOf(token));
  return { Enabled: true, Url: `${origin}${deps.config.basePath}/ical/${token}.ics` };
}

export const revokeFeed = (deps: AppDeps, user: SessionUser) => setFeedHash(deps.pool, user.id, null);

const utc = (d: Date) => d.getTime();

/** GET /ical/{token}.ics: the owner's Pending and Approved bookings, from a month ago on. 404 for an unknown or revoked token. */
export async function feedCalendar(deps: AppDeps, token: string): Promise<string> {
  const owner = FEED_TOKEN.test(token) ? await ownerOfFeed(deps.pool, hashOf(token)) : undefined;
  if (!owner) throw notFound('The calendar feed');
  const from = new Date(deps.now().getTime() - FEED_PAST_DAYS * 86_400_000);
  const rows = await allMyBookings(deps.pool, owner.id, owner.email, { from, activeOnly: true, limit: FEED_MAX_EVENTS });
  const events: EventAttributes[] = rows.map((b) => {
    const isRoom = b.room_id !== null;
    const what = isRoom ? (b.room_name ?? 'Room') : `Desk ${b.desk_name ?? b.desk_id ?? ''}`.trim();
    return {
      // The same UID as the booking's mailed entry and its "Add to calendar" file (mail/bookingIcs.ts):
      // a calendar that has one of those and this feed shows one event, not two.
      uid: `hotdesk-booking-${b.id}`,
      start: utc(b.starts_at), startInputType: 'utc', startOutputType: 'utc',
      end: utc(b.finishes_at), endInputType: 'utc', endOutputType: 'utc',
      title: b.description ? `${what}: ${b.description}` : what,
      location: [b.room_id !== null ? b.room_name : b.desk_name, b.location_name, b.site_name].filter(Boolean).join(', '),
      description: b.status === BOOKING_STATUS.Pending ? 'Awaiting approval' : 'Booked with Hotdesk',
      status: b.status === BOOKING_STATUS.Pending ? 'TENTATIVE' : 'CONFIRMED',
      busyStatus: 'BUSY',
    };
  });
  // Loaded at the first feed asked for, not at start-up: ics and its dependencies hold ~1 MiB of heap (issue 19, memory).
  const { createEvents } = await import('ics');
  const { error, value } = createEvents(events, { productId: 'hotdesk/ical', calName: 'My Hotdesk bookings' });
  if (error || value === null) throw error ?? new Error('The calendar could not be written.');
  return value;
}
