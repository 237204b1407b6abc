/**
 * One notice for a whole repeating booking (issue 22), never one mail per occurrence:
 * - booked: the booker (and the on-behalf person) hear once that the series is booked;
 * - requested: a restricted room's approvers (and the site's NotificationEmail) hear once that it waits for them;
 * - approved / rejected: the booker (and the on-behalf person) hear once of the decision on the series;
 * - cancelled: an admin or manager cancelled occurrences of someone else's series: the owner hears
 *   once, with the reason (the single cancellation's CancelledByAdmin wording, for the series);
 * - changed: occurrences moved to other times: the booker (and the on-behalf person) hear once (a
 *   restricted room's approvers also get 'requested' when the change waits for them again).
 * Rooms and desks alike (a desk series needs no approval, so it only ever has booked, cancelled and changed).
 * The mail lists the occurrences the event is about (the first 60, then how many more). Each occurrence's
 * clock times are formatted once; when all share them (a new series always does: every occurrence keeps the
 * first one's wall clock) they are written once, beside the rule, and the days listed alone: a locale's range
 * format per line costs about ten times a day's, over the lines of a 260-day series. A change's notice keeps
 * the times on every line: the new times are its news, and the rule's line would not say which days moved.
 * Its calendar entry (issue 23's invitation: one event with RRULE and EXDATE and the site's VTIMEZONE) goes
 * with the notice once the series is saved.
 */
import type pg from 'pg';
import { describeRecurrence } from '../../../domain/recurrence/describeRecurrence.js';
import type { Occurrence, SeriesStart } from '../../../domain/recurrence/expandSeries.js';
import type { Recurrence } from '../../../domain/recurrence/recurrenceRule.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { Config } from '../../config.js';
import { FALLBACK_LOCALE, formatDay, formatTime } from '../../../domain/dateFormat.js';
import { toWallClock } from '../../../domain/wallClock.js';
import type { DeskContext } from '../deskBooking/deskBooking.repo.js';
import { link, roomApproverIds, type MailConfig } from '../mail/bookingMail.js';
import { seriesInvitation } from '../mail/seriesInvitation.js';
import type { MailSender } from '../notifications/mailLimit.js';
import { notify } from '../notifications/notify.js';
import type { RoomContext } from '../roomBooking/roomBooking.repo.js';

const LISTED = 60;
const MINE = '/menu/mybookings';
const APPROVALS = '/menu/approvals';

export type SeriesEvent = 'booked' | 'requested' | 'approved' | 'rejected' | 'cancelled' | 'changed';

/** Where the series is: a room (roomId set) or a desk (roomId null). */
export interface SeriesPlace {
  roomId: number | null;
  locationId: number;
  /** The room's name, or the desk's. */
  name: string;
  locationName: string;
  siteName: string;
  timeZone: string;
  /** The site's NotificationEmail (told of room requests), '' for none. */
  notificationEmail: string;
}

export interface SeriesNoticeFacts {
  event: SeriesEvent;
  place: SeriesPlace;
  rule: Recurrence;
  /** The first occurrence's day of the series (what a rule without a weekday or date repeats). */
  firstDate: string;
  /** The occurrences this event is about (booked, requested, decided or cancelled now). */
  occurrences: readonly (Pick<Occurrence, 'start' | 'finish'> & { status?: number })[];
  description: string;
  onBehalfOfEmail: string;
  /** A desk series booked with parking (said in the mail); unknown for later events, which leave it out. */
  includeParking?: boolean;
  booker: Pick<SessionUser, 'id' | 'email' | 'fullName'>;
  /** rejected, cancelled: the reason given, and who gave it (cancelled). */
  reason?: string;
  decidedBy?: Pick<SessionUser, 'email' | 'fullName'>;
  /** The series, once saved: its one calendar object (issue 23's invitation) goes with the notice. */
  seriesId?: string;
}

/** The mail settings a notice needs, and the sender that organises its calendar invitation. */
export type SeriesMailConfig = MailConfig & Pick<Config, 'mailFrom'>;

const isRoom = (p: SeriesPlace) => p.roomId !== null;

type Listed = SeriesNoticeFacts['occurrences'][number];

/**
 * The occurrences' clock times, each formatted once ('09:00–17:00', '(ending the next day)' past midnight),
 * and the one they all share, if they do.
 */
function clockTimes(occurrences: readonly Listed[], at: { timeZone: string; locale: string }): { each: string[]; shared: string | null } {
  const each = occurrences.map((o) => {
    // A finish at midnight ends the same day; one ms before it is still that day.
    const overnight = toWallClock(new Date(o.finish.getTime() - 1), at.timeZone).date !== toWallClock(o.start, at.timeZone).date;
    return `${formatTime(o.start, at)}–${formatTime(o.finish, at)}${overnight ? ' (ending the next day)' : ''}`;
  });
  return { each, shared: each.every((t) => t === each[0]) ? (each[0] ?? null) : null };
}

/** Subject, text and link of a series' notice (pure: tests read it without a database). */
export function seriesNotice(config: MailConfig, f: SeriesNoticeFacts): { subject: string; text: string; url: string } {
  const { place } = f;
  const kind = isRoom(place) ? 'Room' : 'Desk';
  const pattern = describeRecurrence(f.rule, f.firstDate, config.mailLocale);
  const count = f.occurrences.length;
  const at = { timeZone: place.timeZone, locale: config.mailLocale ?? FALLBACK_LOCALE };
  const times = clockTimes(f.occurrences, at);
  const once = f.event === 'changed' ? null : times.shared;
  const lines = f.occurrences.slice(0, LISTED).map((o, i) =>
    `  ${formatDay(o.start, { ...at, short: true, withYear: true })}${once ? '' : `, ${times.each[i]}`}`);
  if (count > LISTED) lines.push(`  … and ${count - LISTED} more`);
  const details = [
    `${kind}: ${place.name} (${place.locationName}, ${place.siteName})`,
    `Repeats: ${pattern}${once ? `, ${once}` : ''} (${place.timeZone})`,
    ...(isRoom(place) || f.description ? [`${isRoom(place) ? 'Meeting' : 'Note'}: ${f.description}`] : []),
    ...(f.includeParking ? ['With parking'] : []),
    `Booked by: ${f.booker.fullName} <${f.booker.email}>`,
    ...(f.onBehalfOfEmail ? [`On behalf of: ${f.onBehalfOfEmail}`] : []),
    '', `${count === 1 ? 'One occurrence' : `${count} occurrences`}:`, ...lines,
  ];
  const text = (intro: string[], footer: string, url: string) => [...intro, '', ...details, '', `${footer}: ${link(config, url)}`].join('\n');
  const where = `${place.name}, ${pattern}`;
  switch (f.event) {
    case 'requested':
      return { subject: `${kind} request, repeating: ${where}`, text: text([`A repeating booking of a restricted ${kind.toLowerCase()} is waiting for approval.`], 'Approve or reject it', APPROVALS), url: APPROVALS };
    case 'booked':
      return { subject: `${kind} booked, repeating: ${where}`, text: text([`Your repeating ${kind.toLowerCase()} booking is made.`], 'Your bookings', MINE), url: MINE };
    case 'approved':
      return { subject: `${kind} request approved, repeating: ${where}`, text: text([`Your repeating ${kind.toLowerCase()} request has been approved.`], 'Your bookings', MINE), url: MINE };
    case 'rejected':
      return { subject: `${kind} request rejected, repeating: ${where}`, text: text([`Your repeating ${kind.toLowerCase()} request has been rejected.`, `Reason: ${f.reason ?? ''}`], 'Your bookings', MINE), url: MINE };
    case 'changed': {
      const again = f.occurrences.some((o) => o.status === 0) ? ['It is waiting for approval again.'] : [];
      return { subject: `${kind} booking changed, repeating: ${where}`, text: text([`Your repeating ${kind.toLowerCase()} booking has been changed.`, ...again], 'Your bookings', MINE), url: MINE };
    }
    case 'cancelled': {
      const by = f.decidedBy ? f.decidedBy.fullName || f.decidedBy.email : 'an administrator';
      const intro = `Your repeating booking of ${kind.toLowerCase()} ${place.name} (${place.siteName}) has been cancelled by ${by}.`;
      return { subject: `Your booking has been cancelled: ${where}`, text: text([intro, `Reason: ${f.reason ?? ''}`], 'Your bookings', MINE), url: MINE };
    }
  }
}

/**
 * Queues the series' one notice in the caller's transaction (as notifyBookingEvent does for one booking).
 * `by`: the person whose own action this is (booking, requesting): their mail to others is limited.
 * Decisions and admin cancellations pass none, as for single bookings.
 */
export async function notifySeries(db: Pick<pg.PoolClient, 'query'>, config: SeriesMailConfig, f: SeriesNoticeFacts, by?: MailSender): Promise<void> {
  // Approvers get no calendar entry: the series is not theirs.
  const ics = f.seriesId && f.event !== 'requested' ? await seriesInvitation(db, config, f.seriesId) : undefined;
  const notice = { ...seriesNotice(config, f), ...(ics ? { ics } : {}) };
  if (f.event === 'requested' && f.place.roomId !== null) {
    const approvers = await roomApproverIds(db, f.place.roomId, f.place.locationId);
    await notify(db, { ...notice, userIds: approvers, emails: f.place.notificationEmail ? [f.place.notificationEmail] : [], by });
  } else {
    await notify(db, { ...notice, userIds: [f.booker.id], emails: f.onBehalfOfEmail ? [f.onBehalfOfEmail] : [], by });
  }
}

/** A room series' place, from the room booking's context. */
export const roomPlace = (ctx: RoomContext): SeriesPlace => ({
  roomId: ctx.roomId, locationId: ctx.locationId, name: ctx.roomName, locationName: ctx.room.locationName,
  siteName: ctx.room.siteName, timeZone: ctx.timeZone, notificationEmail: ctx.room.notificationEmail,
});

/** What a new room series' notice needs (roomSeries.service.ts). */
export interface SeriesFacts {
  event: 'booked' | 'requested';
  ctx: RoomContext;
  rule: Recurrence;
  first: SeriesStart;
  occurrences: readonly Occurrence[];
  description: string;
  onBehalfOfEmail: string;
  booker: Pick<SessionUser, 'id' | 'email' | 'fullName'>;
  seriesId: string;
}

/** The notice of a new room series (booked, or requested of a restricted room's approvers). */
export const notifyRoomSeries = (db: Pick<pg.PoolClient, 'query'>, config: SeriesMailConfig, f: SeriesFacts, by: MailSender): Promise<void> =>
  notifySeries(db, config, {
    event: f.event, place: roomPlace(f.ctx), rule: f.rule, firstDate: f.first.date, occurrences: f.occurrences,
    description: f.description, onBehalfOfEmail: f.onBehalfOfEmail, booker: f.booker, seriesId: f.seriesId,
  }, by);

/** What a new desk series' notice needs (deskSeries.service.ts). */
export interface DeskSeriesFacts {
  ctx: Pick<DeskContext, 'locationId' | 'timeZone'>;
  deskName: string; includeParking: boolean;
  rule: Recurrence; first: SeriesStart; occurrences: readonly Occurrence[];
  description: string; onBehalfOfEmail: string;
  booker: Pick<SessionUser, 'id' | 'email' | 'fullName'>;
  seriesId: string;
}

/** The notice of a new desk series (always booked: desks need no approval), with its place's names read here. */
export async function notifyDeskSeries(db: Pick<pg.PoolClient, 'query'>, config: SeriesMailConfig, f: DeskSeriesFacts, by: MailSender): Promise<void> {
  const { rows } = await db.query<{ location_name: string; site_name: string }>(
    'SELECT l.title AS location_name, s.title AS site_name FROM locations l JOIN sites s ON s.id = l.site_id WHERE l.id = $1', [f.ctx.locationId]);
  const place: SeriesPlace = {
    roomId: null, locationId: f.ctx.locationId, name: f.deskName, locationName: rows[0]?.location_name ?? '', siteName: rows[0]?.site_name ?? '',
    timeZone: f.ctx.timeZone, notificationEmail: '',
  };
  await notifySeries(db, config, {
    event: 'booked', place, rule: f.rule, firstDate: f.first.date, occurrences: f.occurrences, description: f.description,
    onBehalfOfEmail: f.onBehalfOfEmail, includeParking: f.includeParking, booker: f.booker, seriesId: f.seriesId,
  }, by);
}
