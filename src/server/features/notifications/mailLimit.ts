import type pg from 'pg';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../http/errors.js';

/**
 * Mail a person's actions send to other people, limited per person (issue 18): without a limit one
 * signed-in account could make the organisation's mail server send thousands of notices carrying its
 * own text (meeting names) to colleagues. Counted are the e-mails a person's action queues to any
 * address other than their own: on-behalf notices of their bookings, approval requests to a room's
 * approvers and the site's notification address. Mail to themselves is never counted.
 *
 * At most MAIL_LIMIT_PER_HOUR in any 60 minutes (a sliding window). Beyond it the action is refused
 * with 429 and nothing is saved: a booking that silently told nobody would be worse than a refusal
 * the person can read. 100: a personal assistant booking rooms for a team, or a dozen requests of a
 * restricted room with several approvers, stays well under it; a script relaying mail does not.
 *
 * Counted in PostgreSQL (table mail_sent_by) under a per-person transaction lock, so every instance
 * agrees and two requests at the same moment cannot both use the last allowance.
 */
export const MAIL_LIMIT_PER_HOUR = 100;

export const tooManyMailsMessage = (limit: number) =>
  `You have reached the limit of ${limit} e-mails an hour that your actions may send to other people. ` +
  'Nothing was saved. Please try again later.';

/** Who caused a notice, for the limit. */
export interface MailSender {
  userId: number;
  /** Their own address: mail to it is not counted. */
  email: string;
  /** deps.now() of the action. */
  at: Date;
  /** MAIL_LIMIT_PER_HOUR unless deps.mailLimitPerHour overrides it (tests). */
  limitPerHour: number;
}

export const mailSender = (deps: Pick<AppDeps, 'now' | 'mailLimitPerHour'>, user: Pick<SessionUser, 'id' | 'email'>): MailSender => ({
  userId: user.id, email: user.email, at: deps.now(), limitPerHour: deps.mailLimitPerHour ?? MAIL_LIMIT_PER_HOUR,
});

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

// Any fixed number; the second key is the person, so only one person's own actions wait on each other.
const MAIL_LIMIT_LOCK = 18_015;

// After the lock, one statement counts the hour and charges the mail only if it fits. Rows are
// deleted two hours after they were sent, not one: requests carry the clock of their start
// (deps.now()), and one that started earlier but takes the lock later must still find the rows of
// its own hour (deleting at one hour let it miss them and go over the limit).
const CHARGE_SQL = `
  WITH old AS (DELETE FROM mail_sent_by WHERE user_id = $1 AND sent_at <= $2::timestamptz - interval '2 hours'),
  hour AS (SELECT coalesce(sum(mails), 0)::int AS n FROM mail_sent_by WHERE user_id = $1 AND sent_at > $2::timestamptz - interval '1 hour'),
  charged AS (INSERT INTO mail_sent_by (user_id, sent_at, mails) SELECT $1, $2, $3 FROM hour WHERE hour.n + $3 <= $4 RETURNING 1)
  SELECT EXISTS (SELECT 1 FROM charged) AS ok`;

/**
 * Counts `addresses` (already distinct) against the sender's hour; throws 429 when they would go
 * over. Call inside the transaction that queues the mail, so a refusal rolls the action back.
 *
 * Two statements: the lock must be taken by a statement of its own, because under READ COMMITTED a
 * statement sees the rows committed before it began; the count is read by the next statement, which
 * therefore sees the charge of whoever held the lock before (they commit before it is released).
 */
export async function chargeMail(db: Queryable, by: MailSender, addresses: readonly string[]): Promise<void> {
  const own = by.email.trim().toLowerCase();
  const others = addresses.filter((a) => a.trim().toLowerCase() !== own).length;
  if (others === 0) return;
  await db.query({ name: 'mail_limit_lock', text: 'SELECT pg_advisory_xact_lock($1, $2)', values: [MAIL_LIMIT_LOCK, by.userId] });
  const { rows } = await db.query<{ ok: boolean }>({ name: 'mail_limit_charge', text: CHARGE_SQL, values: [by.userId, by.at, others, by.limitPerHour] });
  if (!rows[0]?.ok) throw new AppError('TOO_MANY_ATTEMPTS', tooManyMailsMessage(by.limitPerHour));
}
