import type pg from 'pg';
import { bareAddress, writeItipReply, type ReplyPartstat } from '../../../domain/ical/itipReply.js';
import type { Config } from '../../config.js';
import { whenText } from '../mail/bookingMail.js';

type Db = Pick<pg.Pool | pg.PoolClient, 'query'>;

/**
 * A room's answer to an invitation (iTIP REPLY), queued in the mail outbox like every other mail
 * (mailOutbox.job.ts sends it, with its METHOD, as a text/calendar part). Only ever sent to a trusted
 * sender Hotdesk knows (no backscatter); the reason is in the COMMENT and in the mail's text.
 */
export interface RoomAnswer {
  to: string;
  uid: string;
  sequence: number;
  organizer: { email: string; name?: string | undefined };
  room: { name: string; address: string; timeZone: string };
  summary: string;
  start?: Date | undefined;
  finish?: Date | undefined;
  partstat: ReplyPartstat;
  reason: string;
  /** One occurrence of a repeating meeting is answered (its start as the organizer's series has it). */
  recurrenceId?: Date | undefined;
}

const VERB: Record<ReplyPartstat, string> = { ACCEPTED: 'Accepted', TENTATIVE: 'Tentative', DECLINED: 'Declined' };

export async function queueRoomAnswer(db: Db, config: Pick<Config, 'mailFrom' | 'mailLocale'>, a: RoomAnswer, now: Date): Promise<void> {
  const ics = writeItipReply({
    uid: a.uid, sequence: a.sequence, start: a.start, finish: a.finish, summary: a.summary,
    organizer: { email: a.organizer.email || a.to, ...(a.organizer.name ? { name: a.organizer.name } : {}) },
    attendee: { email: a.room.address, name: a.room.name }, sentBy: bareAddress(config.mailFrom),
    partstat: a.partstat, comment: a.reason, ...(a.recurrenceId ? { recurrenceId: a.recurrenceId } : {}),
  }, now);
  const when = a.start && a.finish ? ` on ${whenText(a.start, a.finish, a.room.timeZone, config.mailLocale)}` : '';
  const title = a.summary || 'your meeting';
  const text = `${a.room.name} ${a.partstat === 'DECLINED' ? 'declined' : a.partstat === 'TENTATIVE' ? 'tentatively accepted' : 'accepted'} ` +
    `"${title}"${when}.\n${a.reason}\n`;
  await db.query('INSERT INTO mail_outbox (to_address, subject, body_text, ics) VALUES ($1, $2, $3, $4)',
    [a.to, `${VERB[a.partstat]}: ${title} (${a.room.name})`.slice(0, 300), text, ics]);
}
