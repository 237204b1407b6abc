import type pg from 'pg';

/**
 * The statements that erase a person (issue 25), each run inside the erasure's one transaction. Every
 * table of src/server/db/migrations with a person-identifying column is handled here or on purpose left
 * alone (the list with reasons is in docs/decisions.md, "Erasing a person").
 */

/** An erased person's e-mail: unique per account, in the reserved .invalid domain (RFC 2606), so no mail is ever sent to it. */
export const tombstoneEmail = (userId: number) => `erased-${userId}@erased.invalid`;
export const FORMER_MEMBER = 'Former member';
export const ERASED_REASON = 'Account erased';

export interface PersonRow { id: number; email: string; email_key: string; full_name: string; calendar_token: string | null }

export async function lockPerson(db: pg.PoolClient, userId: number): Promise<PersonRow | undefined> {
  const { rows } = await db.query<PersonRow>(
    'SELECT id, email, email_key, full_name, calendar_token FROM users WHERE id = $1 FOR UPDATE', [userId]);
  return rows[0];
}

const count = async (db: pg.PoolClient, sql: string, values: unknown[]) => (await db.query(sql, values)).rowCount ?? 0;

/** The person's bookings still to come are cancelled as by an admin, before anything else is anonymised. */
export const cancelFutureBookings = (db: pg.PoolClient, p: PersonRow, adminId: number, now: Date) => count(db,
  `UPDATE bookings SET status = 3, cancelled_by_admin = true, cancelled_by_user_id = $2, cancelled_at = $3,
     cancellation_reason = $4, updated_at = $3
   WHERE holder_key = $1 AND status IN (0, 1) AND starts_at > $3`,
  [p.email_key, adminId, now, ERASED_REASON]);

/**
 * Bookings keep their place, times and status (aggregates still count them, booked by "Former member"),
 * but lose what names or describes the person: the description they wrote or that concerns them, the
 * on-behalf e-mail when it is theirs, their e-mail as holder (replaced by the tombstone, so the
 * one-desk-at-a-time rule still holds per account) and the typed check-in name.
 */
export const anonymiseBookings = (db: pg.PoolClient, p: PersonRow, tombstoneKey: string) => count(db,
  `UPDATE bookings SET
     description = CASE WHEN booked_by_user_id = $1 OR holder_key = $2 THEN '' ELSE description END,
     on_behalf_of_email = CASE WHEN lower(on_behalf_of_email) = $2 THEN '' ELSE on_behalf_of_email END,
     holder_key = CASE WHEN holder_key = $2 THEN $3 ELSE holder_key END,
     checked_in_by_name = CASE WHEN checked_in_by_user_id = $1 OR holder_key = $2 OR booked_by_user_id = $1 THEN NULL ELSE checked_in_by_name END
   WHERE booked_by_user_id = $1 OR holder_key = $2 OR (on_behalf_of_email <> '' AND lower(on_behalf_of_email) = $2) OR checked_in_by_user_id = $1`,
  [p.id, p.email_key, tombstoneKey]);

export const deleteSessions = (db: pg.PoolClient, userId: number) => count(db, 'DELETE FROM sessions WHERE user_id = $1', [userId]);
export const deletePushSubscriptions = (db: pg.PoolClient, userId: number) => count(db, 'DELETE FROM push_subscriptions WHERE user_id = $1', [userId]);
export const deletePushMessages = (db: pg.PoolClient, userId: number) => count(db, 'DELETE FROM push_outbox WHERE user_id = $1', [userId]);
export const deleteFavouriteDesks = (db: pg.PoolClient, userId: number) => count(db, 'DELETE FROM favourite_desks WHERE user_id = $1', [userId]);
export const deleteTeamMemberships = (db: pg.PoolClient, userId: number) => count(db, 'DELETE FROM team_members WHERE user_id = $1', [userId]);
export const deleteRoles = (db: pg.PoolClient, userId: number) => count(db, 'DELETE FROM user_roles WHERE user_id = $1', [userId]);
export const deleteTags = (db: pg.PoolClient, userId: number) => count(db, 'DELETE FROM tag_assignments WHERE kind = 1 AND target_id = $1', [userId]);
export const deleteAccessGrants = (db: pg.PoolClient, userId: number) => count(db, 'DELETE FROM access_grants WHERE user_id = $1', [userId]);

/** Per-person counters that are keyed by the person (hourly mail allowance, failed sign-ins by e-mail). */
export async function deleteCounters(db: pg.PoolClient, p: PersonRow): Promise<void> {
  await db.query('DELETE FROM mail_sent_by WHERE user_id = $1', [p.id]);
  await db.query('DELETE FROM sign_in_failures WHERE key = $1', [`email:${p.email_key}`]);
  // Invitations they sent to rooms (issue 23) hold their address and meeting titles; their bookings stay.
  await db.query('DELETE FROM inbound_invitations WHERE user_id = $1', [p.id]);
  await db.query('DELETE FROM inbound_mail WHERE sender_key = $1', [p.email_key]);
}

/**
 * Mail to the person (queued or kept after sending) is dropped, and so is any other mail whose text
 * names them (an on-behalf notice to a colleague): the outbox is a queue, not an archive.
 */
export const deleteMails = (db: pg.PoolClient, p: PersonRow) => count(db,
  `DELETE FROM mail_outbox WHERE strpos(lower(to_address), $1) > 0 OR strpos(lower(subject || ' ' || body_text || ' ' || coalesce(ics, '')), $1) > 0
     OR ($2 <> '' AND strpos(lower(subject || ' ' || body_text || ' ' || coalesce(ics, '')), $2) > 0)`,
  [p.email_key, p.full_name.trim().length >= 4 ? p.full_name.trim().toLowerCase() : '']);

/**
 * The account row stays (bookings and closures point to it) as a tombstone: no name, a placeholder
 * e-mail, no password, no identity-provider subject (so that subject can never sign in to it again;
 * its next sign-in makes a fresh account), no photo, phone, organisation or calendar feed.
 */
export async function tombstoneUser(db: pg.PoolClient, userId: number): Promise<void> {
  await db.query(
    `UPDATE users SET email = $2, full_name = $3, password_hash = NULL, oidc_issuer = NULL, oidc_subject = NULL, oidc_tenant = NULL,
       oidc_object_id = NULL, organisation = '', phone = '', photo_type = NULL, photo_data = NULL, calendar_token = NULL,
       use_teams = false, expects_sso = false, hide_name_on_map = true, caller_version = caller_version + 1
     WHERE id = $1`,
    [userId, tombstoneEmail(userId), FORMER_MEMBER],
  );
}
