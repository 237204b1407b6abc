import type pg from 'pg';

export interface OutboxMail { id: number; to: string; subject: string; text: string; html: string | null; ics: string | null; attempts: number }

/**
 * Claims up to `limit` due, unsent mails for this transaction. A mail to a person who turned
 * calendar invitations off in their profile (users.calendar_invitations, issue 23) comes without its
 * calendar object: decided when sending, so the switch also holds for mail queued before it. FOR UPDATE SKIP LOCKED: another
 * instance running the job at the same moment skips these rows (and takes others), and a row sent
 * and committed meanwhile no longer matches `sent_at IS NULL` when re-checked, so no mail is sent twice.
 */
export async function claimDueMail(client: pg.PoolClient, now: Date, limit: number): Promise<OutboxMail[]> {
  const { rows } = await client.query(
    `SELECT m.id, m.to_address, m.subject, m.body_text, m.body_html, m.attempts,
       CASE WHEN m.ics IS NOT NULL AND EXISTS (SELECT 1 FROM users u WHERE u.email_key = lower(m.to_address) AND NOT u.calendar_invitations)
         THEN NULL ELSE m.ics END AS ics
     FROM mail_outbox m
     WHERE sent_at IS NULL AND next_try_at <= $1
     ORDER BY next_try_at, id LIMIT $2
     FOR UPDATE OF m SKIP LOCKED`, [now, limit]);
  return rows.map((r) => ({ id: Number(r.id), to: r.to_address, subject: r.subject, text: r.body_text, html: r.body_html, ics: r.ics, attempts: r.attempts }));
}

/**
 * The batch's sent mails, in one statement at the end of the claiming transaction (as good as one per
 * mail, since nothing is committed before COMMIT): a run claiming 20 mails made 20 round trips while
 * bookings wanted the database (issue 19, room booking tail).
 */
export async function markSent(client: pg.PoolClient, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await client.query('UPDATE mail_outbox SET sent_at = $2, attempts = attempts + 1, last_error = NULL WHERE id = ANY($1::bigint[])', [ids, now]);
}

/** A failed attempt: kept unsent, tried again at `nextTryAt` (infinity when given up). */
export async function markFailed(client: pg.PoolClient, id: number, error: string, nextTryAt: Date | 'infinity'): Promise<void> {
  await client.query('UPDATE mail_outbox SET attempts = attempts + 1, last_error = $2, next_try_at = $3 WHERE id = $1',
    [id, error.slice(0, 2000), nextTryAt]);
}
