import { createHash, randomBytes } from 'node:crypto';
import { writeCalendar } from '../../../domain/ical/calendarObject.js';
import type { CalendarFeed } from '../../../domain/wire/myBookings.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { bookingCalendarEvent, organizerOf, seriesCalendarEvents } from '../mail/calendarEvents.js';
import { loadSeriesMany } from '../mail/invitationFacts.repo.js';
import { feedBookings, feedEnabled, ownerOfFeed, setFeedHash } from './calendarFeed.repo.js';

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

/**
 * GET /ical/{token}.ics: the owner's Pending and Approved bookings, from a month ago on, written by the
 * same builders as the invitations (mail/calendarEvents.ts), so each booking has the UID and SEQUENCE
 * of its mailed invitation and "Add to calendar" file, and a calendar holding both shows one event.
 * A repeating booking is ONE event (RRULE, EXDATE), as its invitation is. 404 for an unknown or revoked token.
 */
export async function feedCalendar(deps: AppDeps, token: string): Promise<string> {
  const owner = FEED_TOKEN.test(token) ? await ownerOfFeed(deps.pool, hashOf(token)) : undefined;
  if (!owner) throw notFound('The calendar feed');
  const now = deps.now();
  const from = new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000);
  const rows = await feedBookings(deps.pool, owner, from, FEED_MAX_EVENTS);
  const organizer = organizerOf(deps.config.mailFrom);
  const seriesIds = [...new Set(rows.flatMap((b) => (b.seriesId ? [b.seriesId] : [])))];
  const events = [
    ...rows.filter((b) => !b.seriesId).map((b) => bookingCalendarEvent(b, organizer)),
    ...(await loadSeriesMany(deps.pool, seriesIds)).flatMap((s) => seriesCalendarEvents(s.series, s.occurrences, organizer)),
  ];
  return writeCalendar(events, { method: 'PUBLISH', stamp: now, name: 'My Hotdesk bookings' });
}
