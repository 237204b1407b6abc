import type pg from 'pg';
import { DESK_RULE_SQL } from '../features/deskCheckIn/deskCheckIn.repo.js';
import { RELEASABLE_DESK_BOOKINGS } from '../features/noShow/deskNoShow.repo.js';
import { RELEASABLE_ROOM_BOOKINGS } from '../features/noShow/noShow.repo.js';
import { NO_SHOW_LOOKBACK_HOURS } from '../features/noShow/noShow.service.js';

/**
 * How much work the background jobs (registry.ts) have waiting, read for /metrics (issue 19). The
 * queues are tables shared by every instance, so every instance reports the same numbers.
 *
 * - mail: mail_outbox rows not sent (mailOutbox.job.ts); given up = next_try_at 'infinity' (kept for ever).
 * - push: push_outbox rows neither sent nor given up (push.job.ts); given up rows are purged after 30 days.
 * - no_show: room bookings the no-show release should already have released (noShow.repo.ts
 *   RELEASABLE_ROOM_BOOKINGS, the job's own conditions): Approved, nobody checked in, started 15 minutes to 24 hours ago,
 *   check-ins on. The job runs every minute, so more than a few for long means it is not running.
 * - desk_no_show: desk bookings the desk no-show release should already have released (deskNoShow.repo.ts
 *   RELEASABLE_DESK_BOOKINGS): Approved, nobody checked in, the check-in window (its location's, else its site's)
 *   closed, desk check-in required. Its own label, because desks and rooms are released by different steps of the job.
 *
 * One statement, on the partial indexes mail_outbox_due, push_outbox_due, bookings_unchecked_room and
 * bookings_unchecked_desk.
 */
export interface QueueDepth {
  queue: 'mail' | 'push' | 'no_show' | 'desk_no_show';
  /** Items waiting (due or not yet due). */
  pending: number;
  /** Items whose time has come (next try at or before now). */
  due: number;
  /** Age in seconds of the oldest waiting item (since it was queued; for the no-show queues, since it became releasable); 0 if none. */
  oldestSeconds: number;
  /** Items the job gave up on (mail: all time; push: the last 30 days); undefined where nothing is given up. */
  givenUp?: number;
}

const SQL = `
  SELECT
    (SELECT count(*) FROM mail_outbox WHERE sent_at IS NULL AND next_try_at < 'infinity')::int AS mail_pending,
    (SELECT count(*) FROM mail_outbox WHERE sent_at IS NULL AND next_try_at <= $1)::int AS mail_due,
    (SELECT extract(epoch FROM $1 - min(created_at)) FROM mail_outbox WHERE sent_at IS NULL AND next_try_at < 'infinity')::float8 AS mail_oldest,
    (SELECT count(*) FROM mail_outbox WHERE sent_at IS NULL AND next_try_at = 'infinity')::int AS mail_given_up,
    (SELECT count(*) FROM push_outbox WHERE sent_at IS NULL AND gave_up_at IS NULL)::int AS push_pending,
    (SELECT count(*) FROM push_outbox WHERE sent_at IS NULL AND gave_up_at IS NULL AND next_try_at <= $1)::int AS push_due,
    (SELECT extract(epoch FROM $1 - min(created_at)) FROM push_outbox WHERE sent_at IS NULL AND gave_up_at IS NULL)::float8 AS push_oldest,
    (SELECT count(*) FROM push_outbox WHERE gave_up_at IS NOT NULL)::int AS push_given_up,
    ns.n::int AS no_show_due,
    extract(epoch FROM $1 - (ns.first_start + interval '15 minutes'))::float8 AS no_show_oldest,
    dns.n::int AS desk_no_show_due,
    extract(epoch FROM $1 - dns.first_releasable)::float8 AS desk_no_show_oldest
  FROM (
    SELECT count(*) AS n, min(b.starts_at) AS first_start
    ${RELEASABLE_ROOM_BOOKINGS}
  ) ns, (
    SELECT count(*) AS n, min(b.starts_at + make_interval(mins => ${DESK_RULE_SQL.after})) AS first_releasable
    ${RELEASABLE_DESK_BOOKINGS}
  ) dns`;

interface Row {
  mail_pending: number; mail_due: number; mail_oldest: number | null; mail_given_up: number;
  push_pending: number; push_due: number; push_oldest: number | null; push_given_up: number;
  no_show_due: number; no_show_oldest: number | null;
  desk_no_show_due: number; desk_no_show_oldest: number | null;
}

const age = (seconds: number | null) => Math.max(0, seconds ?? 0);

export async function readQueueDepths(pool: pg.Pool, now: Date): Promise<QueueDepth[]> {
  const r = (await pool.query<Row>(SQL, [now, NO_SHOW_LOOKBACK_HOURS])).rows[0]!;
  return [
    { queue: 'mail', pending: r.mail_pending, due: r.mail_due, oldestSeconds: age(r.mail_oldest), givenUp: r.mail_given_up },
    { queue: 'push', pending: r.push_pending, due: r.push_due, oldestSeconds: age(r.push_oldest), givenUp: r.push_given_up },
    { queue: 'no_show', pending: r.no_show_due, due: r.no_show_due, oldestSeconds: age(r.no_show_oldest) },
    { queue: 'desk_no_show', pending: r.desk_no_show_due, due: r.desk_no_show_due, oldestSeconds: age(r.desk_no_show_oldest) },
  ];
}
