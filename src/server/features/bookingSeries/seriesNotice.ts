/**
 * One notice for a whole repeating booking (issue 22): the booker (and the on-behalf person) hear
 * once that the series is booked, a restricted room's approvers hear once that it waits for them;
 * never one mail per occurrence. The mail lists the occurrences (the first 60, then how many more).
 * Its calendar entry (one event with RRULE and EXDATE, with the site's VTIMEZONE so it keeps the wall
 * clock) comes with the invitations of issue 23; until then the series mail carries none, and each
 * occurrence is in the personal calendar feed.
 */
import type pg from 'pg';
import { describeRecurrence } from '../../../domain/recurrence/describeRecurrence.js';
import type { Occurrence, SeriesStart } from '../../../domain/recurrence/expandSeries.js';
import type { Recurrence } from '../../../domain/recurrence/recurrenceRule.js';
import type { Config } from '../../config.js';
import type { SessionUser } from '../../auth/sessions.js';
import { roomApproverIds, whenText } from '../mail/bookingMail.js';
import type { MailSender } from '../notifications/mailLimit.js';
import { notify } from '../notifications/notify.js';
import type { RoomContext } from '../roomBooking/roomBooking.repo.js';

const LISTED = 60;

export interface SeriesFacts {
  event: 'booked' | 'requested';
  ctx: RoomContext;
  rule: Recurrence;
  first: SeriesStart;
  occurrences: readonly Occurrence[];
  description: string;
  onBehalfOfEmail: string;
  booker: Pick<SessionUser, 'id' | 'email' | 'fullName'>;
}

type MailConfig = Pick<Config, 'publicUrl'> & Partial<Pick<Config, 'mailLocale'>>;

const link = (config: MailConfig, path: string) => (config.publicUrl ? `${config.publicUrl.href.replace(/\/$/, '')}${path}` : path);

/** Subject, text and link of a series' notice (pure: tests read it without a database). */
export function seriesNotice(config: MailConfig, f: SeriesFacts): { subject: string; text: string; url: string } {
  const { ctx } = f;
  const pattern = describeRecurrence(f.rule, f.first.date, config.mailLocale);
  const count = f.occurrences.length;
  const lines = f.occurrences.slice(0, LISTED).map((o) => `  ${whenText(o.start, o.finish, ctx.timeZone, config.mailLocale)}`);
  if (count > LISTED) lines.push(`  … and ${count - LISTED} more`);
  const details = [
    `Room: ${ctx.roomName} (${ctx.room.locationName}, ${ctx.room.siteName})`,
    `Repeats: ${pattern} (${ctx.timeZone})`,
    `Meeting: ${f.description}`,
    `Booked by: ${f.booker.fullName} <${f.booker.email}>`,
    ...(f.onBehalfOfEmail ? [`On behalf of: ${f.onBehalfOfEmail}`] : []),
    '', `${count === 1 ? 'One occurrence' : `${count} occurrences`}:`, ...lines,
  ];
  if (f.event === 'requested') {
    return {
      subject: `Room request, repeating: ${ctx.roomName}, ${pattern}`,
      text: ['A repeating booking of a restricted room is waiting for approval.', '', ...details, '', `Approve or reject it: ${link(config, '/menu/approvals')}`].join('\n'),
      url: '/menu/approvals',
    };
  }
  return {
    subject: `Room booked, repeating: ${ctx.roomName}, ${pattern}`,
    text: ['Your repeating room booking is made.', '', ...details, '', `Your bookings: ${link(config, '/menu/mybookings')}`].join('\n'),
    url: '/menu/mybookings',
  };
}

/** Queues the series' one notice in the caller's transaction (as notifyBookingEvent does for one booking). */
export async function notifyRoomSeries(db: Pick<pg.PoolClient, 'query'>, config: MailConfig, f: SeriesFacts, by: MailSender): Promise<void> {
  const notice = seriesNotice(config, f);
  if (f.event === 'requested') {
    const approvers = await roomApproverIds(db, f.ctx.roomId, f.ctx.locationId);
    await notify(db, { ...notice, userIds: approvers, emails: f.ctx.room.notificationEmail ? [f.ctx.room.notificationEmail] : [], by });
  } else {
    await notify(db, { ...notice, userIds: [f.booker.id], emails: f.onBehalfOfEmail ? [f.onBehalfOfEmail] : [], by });
  }
}
