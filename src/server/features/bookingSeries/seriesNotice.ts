/**
 * One notice for a whole repeating booking (issue 22), never one mail per occurrence:
 * - booked: the booker (and the on-behalf person) hear once that the series is booked;
 * - requested: a restricted room's approvers (and the site's NotificationEmail) hear once that it waits for them;
 * - approved / rejected: the booker (and the on-behalf person) hear once of the decision on the series;
 * - cancelled: an admin or manager cancelled occurrences of someone else's series: the owner hears
 *   once, with the reason (the single cancellation's CancelledByAdmin wording, for the series);
 * - changed: occurrences moved to other times: the booker (and the on-behalf person) hear once (a
 *   restricted room's approvers also get 'requested' when the change waits for them again).
 * The mail lists the occurrences the event is about (the first 60, then how many more).
 * Its calendar entry (one event with RRULE and EXDATE, with the site's VTIMEZONE so it keeps the wall
 * clock) comes with the invitations of issue 23; until then the series mail carries none, and each
 * occurrence is in the personal calendar feed.
 */
import type pg from 'pg';
import { describeRecurrence } from '../../../domain/recurrence/describeRecurrence.js';
import type { Occurrence, SeriesStart } from '../../../domain/recurrence/expandSeries.js';
import type { Recurrence } from '../../../domain/recurrence/recurrenceRule.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { Config } from '../../config.js';
import { link, roomApproverIds, whenText, type MailConfig } from '../mail/bookingMail.js';
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

/** Subject, text and link of a series' notice (pure: tests read it without a database). */
export function seriesNotice(config: MailConfig, f: SeriesNoticeFacts): { subject: string; text: string; url: string } {
  const { place } = f;
  const kind = isRoom(place) ? 'Room' : 'Desk';
  const pattern = describeRecurrence(f.rule, f.firstDate, config.mailLocale);
  const count = f.occurrences.length;
  const lines = f.occurrences.slice(0, LISTED).map((o) => `  ${whenText(o.start, o.finish, place.timeZone, config.mailLocale)}`);
  if (count > LISTED) lines.push(`  … and ${count - LISTED} more`);
  const details = [
    `${kind}: ${place.name} (${place.locationName}, ${place.siteName})`,
    `Repeats: ${pattern} (${place.timeZone})`,
    ...(isRoom(place) || f.description ? [`${isRoom(place) ? 'Meeting' : 'Note'}: ${f.description}`] : []),
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
