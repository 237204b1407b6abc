import type pg from 'pg';
import { FALLBACK_LOCALE, formatRange } from '../../../domain/dateFormat.js';
import type { Config } from '../../config.js';
import type { MailSender } from '../notifications/mailLimit.js';
import { bookingIcsTemplate, fillIcs, type IcsTemplate } from './bookingIcs.js';
import { bookingInvitation } from './bookingInvitation.js';
import { notify } from '../notifications/notify.js';

/**
 * What people are told about a room booking, and to whom (issue 4):
 * - requested: the site's NotificationEmail and the room's approvers (room admins of the room or
 *   its location, directly or through a team);
 * - booked, approved, changed: the booker and the on-behalf-of person, with the booking's invitation
 *   (iTIP REQUEST, TENTATIVE while waiting for approval; issue 23, bookingInvitation.ts);
 * - rejected: the booker and the on-behalf-of person, with the reason and the invitation's CANCEL.
 * Called inside the change's transaction (notify queues rows in mail_outbox and push_outbox).
 */
/** What notices need of the configuration: links to the app, and the language of their dates. */
export type MailConfig = Pick<Config, 'publicUrl'> & Partial<Pick<Config, 'mailLocale' | 'mailFrom'>>;

export type BookingEvent = 'requested' | 'booked' | 'approved' | 'rejected' | 'changed';

type Queryable = Pick<pg.PoolClient, 'query'>;

/** What a notice says about a booking (read by loadFacts, or known to the caller who just saved it). */
export interface Facts {
  id: number; start: Date; finish: Date; description: string; onBehalfOfEmail: string; status: number;
  reason: string; roomId: number; locationId: number; roomName: string; locationName: string; siteName: string;
  timeZone: string; notificationEmail: string; bookerId: number; bookerName: string; bookerEmail: string; updatedAt: Date;
  /** The calendar SEQUENCE (bookings.ics_sequence, raised by every change). */
  sequence: number;
}

async function loadFacts(db: Queryable, bookingId: number): Promise<Facts | undefined> {
  const { rows } = await db.query(
    `SELECT b.id, b.starts_at, b.finishes_at, b.description, b.on_behalf_of_email, b.status, b.cancellation_reason,
       b.room_id, b.location_id, r.name AS room_name, l.title AS location_name, s.title AS site_name, s.time_zone,
       s.notification_email, u.id AS booker_id, u.full_name AS booker_name, u.email AS booker_email, b.updated_at, b.ics_sequence
     FROM bookings b JOIN rooms r ON r.id = b.room_id JOIN locations l ON l.id = b.location_id
     JOIN sites s ON s.id = b.site_id JOIN users u ON u.id = b.booked_by_user_id
     WHERE b.id = $1`, [bookingId]);
  const r = rows[0];
  if (!r) return undefined;
  return {
    id: Number(r.id), start: r.starts_at, finish: r.finishes_at, description: r.description, onBehalfOfEmail: r.on_behalf_of_email,
    status: r.status, reason: r.cancellation_reason, roomId: r.room_id, locationId: r.location_id, roomName: r.room_name,
    locationName: r.location_name, siteName: r.site_name, timeZone: r.time_zone, notificationEmail: r.notification_email,
    bookerId: r.booker_id, bookerName: r.booker_name, bookerEmail: r.booker_email, updatedAt: r.updated_at, sequence: r.ics_sequence,
  };
}

/** People listed as room admin of the room or of its location, directly or through a team. */
export async function roomApproverIds(db: Queryable, roomId: number, locationId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `WITH g AS (SELECT user_id, team_id FROM access_grants WHERE access_type = 1
                AND ((scope = 'room' AND scope_id = $1) OR (scope = 'location' AND scope_id = $2)))
     SELECT user_id AS id FROM g WHERE user_id IS NOT NULL
     UNION SELECT tm.user_id FROM g JOIN team_members tm ON tm.team_id = g.team_id
     ORDER BY 1`, [roomId, locationId]);
  return rows.map((r) => r.id);
}

/**
 * When a booking is, for mail: the shared date format (src/domain/dateFormat.ts) in the configured
 * MAIL_LOCALE (mail has no browser), on the site's clock, in the short form with the year, since
 * subjects must stay short: 'Tue 2 Apr 2030, 09:00–10:00' (en-GB); a booking over several days names
 * both days. One cached Intl formatter per locale and zone keeps it cheap for every notice.
 */
export function whenText(start: Date, finish: Date, timeZone: string, locale: string = FALLBACK_LOCALE): string {
  return formatRange(start, finish, { timeZone, locale, short: true, withYear: true });
}


/** MAIL_FROM's default (config.ts), for callers whose config leaves it out (tests of the texts). */
const DEFAULT_MAIL_FROM = 'Hotdesk <hotdesk@localhost>';

/** An app path as a full link when PUBLIC_URL is set (mail is read outside the app). */
export const link = (config: MailConfig, path: string) =>
  config.publicUrl ? `${config.publicUrl.href.replace(/\/$/, '')}${path}` : path;

/** `when`: whenText of the booking, written once per notice (its subject says it too). */
function details(f: Omit<Facts, 'id' | 'updatedAt' | 'sequence'>, when: string): string[] {
  return [
    `Room: ${f.roomName} (${f.locationName}, ${f.siteName})`,
    `When: ${when} (${f.timeZone})`,
    `Meeting: ${f.description}`,
    `Booked by: ${f.bookerName} <${f.bookerEmail}>`,
    ...(f.onBehalfOfEmail ? [`On behalf of: ${f.onBehalfOfEmail}`] : []),
  ];
}

/**
 * Queues the mails (and pushes) for one event of one room booking, in the caller's transaction.
 * `by`: the person whose own action (booking, changing, requesting) this is; their mail to others is
 * limited (notifications/mailLimit.ts) and over the limit this throws 429, rolling the action back.
 */
export async function notifyBookingEvent(
  db: Queryable, config: MailConfig, event: BookingEvent, bookingId: number, by?: MailSender,
): Promise<void> {
  const f = await loadFacts(db, bookingId);
  if (!f) return;
  // The text only: the invitation comes from the stored booking below, not from the fast path's template.
  const notice = bookingNoticeTemplate(config, event, f, false);
  // The stored booking's invitation: REQUEST or CANCEL by its status, its series' object for an occurrence.
  const ics = event === 'requested' ? undefined : await bookingInvitation(db, { mailFrom: config.mailFrom ?? DEFAULT_MAIL_FROM }, bookingId);
  const people = { userIds: [f.bookerId], emails: f.onBehalfOfEmail ? [f.onBehalfOfEmail] : [] };
  if (event === 'requested') {
    await notify(db, {
      ...notice, userIds: await roomApproverIds(db, f.roomId, f.locationId), emails: f.notificationEmail ? [f.notificationEmail] : [], by,
    });
  } else {
    await notify(db, { ...notice, ...people, by, ...(ics ? { ics } : {}) });
  }
}

/**
 * The subject, text, link and calendar entry of one event's notice (who gets it: notifyBookingEvent).
 * Pure, so a new booking's notice is rendered before its statement runs, not inside a transaction.
 */
export function bookingNotice(config: MailConfig, event: BookingEvent, f: Facts): { subject: string; text: string; url: string; ics?: string } {
  const { icsTemplate, ...notice } = bookingNoticeTemplate(config, event, f);
  return icsTemplate ? { ...notice, ics: fillIcs(icsTemplate, f.id, f.sequence) } : notice;
}

/**
 * bookingNotice before the booking is saved: its invitation (booked, approved, changed) as a template
 * that the saving statement completes with the booking's id and ics_sequence (roomInsertBatcher.ts).
 * `withIcs` false: the text only (notifyBookingEvent writes the stored booking's invitation instead).
 */
export function bookingNoticeTemplate(
  config: MailConfig, event: BookingEvent, f: Omit<Facts, 'id' | 'updatedAt' | 'sequence'>, withIcs = true,
): { subject: string; text: string; url: string; icsTemplate?: IcsTemplate } {
  const when = whenText(f.start, f.finish, f.timeZone, config.mailLocale);
  const mine = '/menu/mybookings';
  switch (event) {
    case 'requested': {
      const text = [`A booking of a restricted room is waiting for approval.`, '', ...details(f, when), '', `Approve or reject it: ${link(config, '/menu/approvals')}`].join('\n');
      return { subject: `Room request: ${f.roomName}, ${when}`, text, url: '/menu/approvals' };
    }
    case 'booked':
    case 'approved':
    case 'changed': {
      const intro = { booked: 'Your room is booked.', approved: 'Your room request has been approved.', changed: 'Your room booking has been changed.' }[event];
      const subject = { booked: 'Room booked', approved: 'Room request approved', changed: 'Room booking changed' }[event];
      const approved = f.status === 1;
      const text = [intro, ...(approved ? [] : ['It is waiting for approval again.']), '', ...details(f, when), '', `Your bookings: ${link(config, mine)}`].join('\n');
      return { subject: `${subject}: ${f.roomName}, ${when}`, text, url: mine, ...(withIcs ? { icsTemplate: bookingIcsTemplate(f, new Date(), config.mailFrom ?? DEFAULT_MAIL_FROM) } : {}) };
    }
    case 'rejected': {
      const text = ['Your room request has been rejected.', `Reason: ${f.reason}`, '', ...details(f, when), '', `Your bookings: ${link(config, mine)}`].join('\n');
      return { subject: `Room request rejected: ${f.roomName}, ${when}`, text, url: mine };
    }
  }
}
