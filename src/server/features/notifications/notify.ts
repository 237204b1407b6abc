import type pg from 'pg';
import { chargeMail, type MailSender } from './mailLimit.js';

/**
 * Telling people about a change: one call queues an e-mail per address and a push message per
 * person. Pass the transaction's client so the notice is queued if and only if the change commits.
 * Jobs send the queues (mail: SMTP_URL or the log; push: web-push), retrying with back-off.
 */
export interface Notice {
  /** People to tell by push (their push subscriptions) and by e-mail (their address). */
  userIds: number[];
  /** Extra addresses that get the e-mail only (a site's NotificationEmail, an on-behalf person). */
  emails: string[];
  subject: string;
  text: string;
  /** The same content as HTML, for mail only (the push message and mail readers without HTML get `text`). */
  html?: string;
  /** App path to open, without the base path, e.g. /menu/mybookings */
  url: string;
  /** An iCalendar attachment (approved bookings). */
  ics?: string;
  /**
   * The person whose action this notice reports: the mail it sends to anyone else counts against
   * their hourly limit (mailLimit.ts), and over it the whole action is refused (429). Left out for
   * notices nobody's own action chose the recipients of (approvals, admin cancellations, jobs).
   */
  by?: MailSender;
}

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

export async function notify(db: Queryable, n: Notice): Promise<void> {
  const userIds = [...new Set(n.userIds)];
  if (userIds.length > 0) {
    await db.query(
      `INSERT INTO push_outbox (user_id, title, body, url) SELECT unnest($1::int[]), $2, $3, $4`,
      [userIds, n.subject, n.text, n.url],
    );
  }
  // One e-mail per distinct address (case-insensitive), people's own addresses included. Addresses in the
  // reserved .invalid domain (RFC 6761: erased people's tombstones, the door displays' account) can never
  // receive mail, so nothing is queued for them (no failing sends in the mail log).
  const { rows } = await db.query<{ to_address: string }>(
    `INSERT INTO mail_outbox (to_address, subject, body_text, ics, body_html)
     SELECT DISTINCT ON (lower(addr)) addr, $3, $4, $5, $6
     FROM (SELECT email AS addr FROM users WHERE id = ANY($1::int[]) UNION ALL SELECT unnest($2::text[])) a
     WHERE addr <> '' AND lower(addr) NOT LIKE '%.invalid'
     RETURNING to_address`,
    [userIds, n.emails, n.subject, n.text, n.ics ?? null, n.html ?? null],
  );
  if (n.by) await chargeMail(db, n.by, rows.map((r) => r.to_address));
}
