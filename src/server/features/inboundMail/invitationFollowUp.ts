import type pg from 'pg';
import { BOOKING_STATUS } from '../../../domain/bookingStatus.js';
import type { ReplyPartstat } from '../../../domain/ical/itipReply.js';
import type { AppDeps } from '../../deps.js';
import { whenText } from '../mail/bookingMail.js';
import { roomAddressOf } from './decisionReply.js';
import { queueRoomAnswer } from './invitationReply.js';

/**
 * The room answers again when a booking made by invitation changes in Hotdesk (issue 23): cancelled on
 * My Bookings or by an admin, closed by a closure, released by the no-show job, its times changed on the
 * screen, or (a series) decided by its approvers. The organizer gets an iTIP REPLY (DECLINED with the
 * reason; ACCEPTED when a series request is approved), so their calendar no longer shows the room as
 * booked when it is not.
 *
 * One job for every path, rather than a call in each service: it compares inbound_invitation_answers
 * (what the room last told) with the bookings, so a path added later is covered too. Each changed row
 * is claimed with FOR UPDATE SKIP LOCKED and answered in the transaction that updates or deletes it,
 * so each change is answered once whichever instance runs the job; the inbound job locks a link's rows
 * while it applies the organizer's own change, so those are never answered here.
 *
 * A single booking's approval or rejection is answered by answerDecision (approvals.service.ts), in the
 * decision's transaction: here it only updates the row. A series answers once for the whole series when
 * every occurrence still to come changed the same way (an admin cancelled the series, it was approved),
 * otherwise once per occurrence, with its RECURRENCE-ID.
 */
const BATCH = 500;

interface Changed {
  booking_id: string; room_id: number; uid: string; recurrence_id: Date | null; sequence: number; starts_at: Date; finishes_at: Date; told: number;
  status: number; now_starts: Date; now_finishes: Date; cancellation_reason: string | null; cancelled_by_admin: boolean | null;
  organizer_email: string; summary: string; room_name: string; booking_address: string | null; time_zone: string;
}

type Kind = 'cancelled' | 'released' | 'rejected' | 'moved' | 'approved';

const kindOf = (r: Changed): Kind | undefined => {
  if (r.status === BOOKING_STATUS.Cancelled) return 'cancelled';
  if (r.status === BOOKING_STATUS.AutoCancel) return 'released';
  if (r.status === BOOKING_STATUS.Rejected) return 'rejected';
  if (r.now_starts.getTime() !== r.starts_at.getTime() || r.now_finishes.getTime() !== r.finishes_at.getTime()) return 'moved';
  return r.status === BOOKING_STATUS.Approved ? 'approved' : undefined;
};

const NOT_HELD = 'The room is no longer booked for this meeting.';

function words(kind: Kind, r: Changed, locale: string, many: boolean): { partstat: ReplyPartstat; reason: string } {
  const why = (r.cancellation_reason ?? '').trim();
  switch (kind) {
    case 'cancelled': return { partstat: 'DECLINED', reason: `Cancelled in Hotdesk${r.cancelled_by_admin ? ' by an admin' : ''}${why ? `: ${why}` : ''}. ${NOT_HELD}` };
    case 'released': return { partstat: 'DECLINED', reason: `Released because nobody checked in. ${NOT_HELD}` };
    case 'rejected': return { partstat: 'DECLINED', reason: `The room's admins turned the request down: ${why || 'no reason given'}.` };
    case 'moved': return {
      partstat: 'DECLINED',
      reason: `Moved in Hotdesk to ${many ? 'other times, from ' : ''}${whenText(r.now_starts, r.now_finishes, r.time_zone, locale)}: the room is no longer booked at this meeting's time.`,
    };
    case 'approved': return { partstat: 'ACCEPTED', reason: 'Approved by the room\'s admins: booked.' };
  }
}

async function claimChanged(client: pg.PoolClient): Promise<Changed[]> {
  const { rows } = await client.query<Changed>(
    `SELECT a.booking_id, a.room_id, a.uid, a.recurrence_id, a.sequence, a.starts_at, a.finishes_at, a.status AS told,
       b.status, b.starts_at AS now_starts, b.finishes_at AS now_finishes, b.cancellation_reason, b.cancelled_by_admin,
       i.organizer_email, i.summary, r.name AS room_name, r.booking_address, s.time_zone
     FROM inbound_invitation_answers a
     JOIN bookings b ON b.id = a.booking_id
     JOIN inbound_invitations i ON i.room_id = a.room_id AND i.uid = a.uid
     JOIN rooms r ON r.id = a.room_id
     JOIN sites s ON s.id = b.site_id
     WHERE b.status <> a.status OR b.starts_at <> a.starts_at OR b.finishes_at <> a.finishes_at
     ORDER BY a.room_id, a.uid, a.starts_at
     LIMIT ${BATCH} FOR UPDATE OF a SKIP LOCKED`);
  return rows;
}

/** The link's rows of occurrences not yet over: a group that holds them all is answered as the whole series. */
async function comingCount(client: pg.PoolClient, r: Changed, now: Date): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    'SELECT count(*) AS n FROM inbound_invitation_answers WHERE room_id = $1 AND uid = $2 AND finishes_at > $3', [r.room_id, r.uid, now]);
  return Number(rows[0]!.n);
}

/** One run: answers what changed, then updates (approved) or deletes (no longer held) the rows. Returns the answers queued. */
export async function answerScreenChanges(deps: AppDeps): Promise<number> {
  const client = await deps.pool.connect();
  let sent = 0;
  try {
    await client.query('BEGIN');
    const rows = await claimChanged(client);
    const now = deps.now();
    const groups = new Map<string, Changed[]>();
    for (const r of rows) {
      const kind = kindOf(r);
      const single = r.recurrence_id === null;
      // A single booking's decision was answered in the decision's transaction (answerDecision).
      if (kind && !(single && (kind === 'approved' || kind === 'rejected'))) {
        const key = `${r.room_id}\u0000${r.uid}\u0000${kind}`;
        groups.set(key, [...(groups.get(key) ?? []), r]);
      }
    }
    for (const [key, group] of groups) {
      const kind = key.split('\u0000')[2] as Kind;
      const first = group[0]!;
      const coming = group.filter((r) => r.finishes_at.getTime() > now.getTime()).length;
      const whole = first.recurrence_id !== null && group.length > 1 && coming === await comingCount(client, first, now);
      for (const r of whole ? [first] : group) {
        const { partstat, reason } = words(kind, r, deps.config.mailLocale, whole);
        await queueRoomAnswer(client, deps.config, {
          to: r.organizer_email, uid: r.uid, sequence: r.sequence, organizer: { email: r.organizer_email },
          room: { name: r.room_name, address: roomAddressOf(deps.config, r.booking_address, r.room_name), timeZone: r.time_zone },
          // The whole series restates its first occurrence's slot (a REPLY echoes DTSTART); one occurrence names itself.
          summary: r.summary, partstat, reason, start: r.starts_at, finish: r.finishes_at,
          ...(whole ? {} : { recurrenceId: r.recurrence_id ?? undefined }),
        }, now);
        sent++;
      }
    }
    const ids = (pred: (r: Changed) => boolean) => rows.filter(pred).map((r) => r.booking_id);
    const stillHeld = (r: Changed) => kindOf(r) === 'approved' || (kindOf(r) === undefined && r.status === BOOKING_STATUS.Pending);
    await client.query('UPDATE inbound_invitation_answers a SET status = b.status FROM bookings b WHERE b.id = a.booking_id AND a.booking_id = ANY($1::bigint[])', [ids(stillHeld)]);
    await client.query('DELETE FROM inbound_invitation_answers WHERE booking_id = ANY($1::bigint[])', [ids((r) => !stillHeld(r))]);
    await client.query('COMMIT');
    return sent;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** Rows of meetings long over are of no more use (nothing is answered about the past). */
export async function purgeOldAnswers(pool: pg.Pool, now: Date): Promise<void> {
  await pool.query("DELETE FROM inbound_invitation_answers WHERE finishes_at < $1::timestamptz - interval '1 day'", [now]);
}
