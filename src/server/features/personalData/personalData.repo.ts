import type pg from 'pg';

/** Reads of everything Hotdesk holds about one person, for their own export. Each read names only them. */

export interface ProfileRow {
  id: number; email: string; full_name: string; organisation: string; phone: string; photo_type: string | null; photo_data: string | null;
  use_teams: boolean; hide_name_on_map: boolean; calendar_invitations: boolean; expects_sso: boolean; has_password: boolean;
  has_oidc: boolean; has_calendar_feed: boolean; created_at: Date; roles: string[]; teams: string[]; tags: string[];
}

export async function profileOf(db: pg.Pool, userId: number): Promise<ProfileRow | undefined> {
  const { rows } = await db.query<ProfileRow>(
    `SELECT u.id, u.email, u.full_name, u.organisation, u.phone, u.photo_type, u.photo_data, u.use_teams, u.hide_name_on_map,
       u.calendar_invitations, u.expects_sso, u.password_hash IS NOT NULL AS has_password, u.oidc_subject IS NOT NULL AS has_oidc,
       u.calendar_token IS NOT NULL AS has_calendar_feed, u.created_at,
       ARRAY(SELECT r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id ORDER BY r.id) AS roles,
       ARRAY(SELECT t.name FROM team_members tm JOIN teams t ON t.id = tm.team_id WHERE tm.user_id = u.id ORDER BY t.name) AS teams,
       ARRAY(SELECT t.label FROM tag_assignments ta JOIN tags t ON t.id = ta.tag_id WHERE ta.kind = 1 AND ta.target_id = u.id ORDER BY t.label) AS tags
     FROM users u WHERE u.id = $1`,
    [userId],
  );
  return rows[0];
}

export async function favouriteDesksOf(db: pg.Pool, userId: number) {
  const { rows } = await db.query<{ floorplan: string | null; desk_name: string; created_at: Date }>(
    `SELECT f.name AS floorplan, fd.desk_name, fd.created_at FROM favourite_desks fd LEFT JOIN floorplans f ON f.id = fd.floorplan_id
     WHERE fd.user_id = $1 ORDER BY fd.created_at`,
    [userId],
  );
  return rows;
}

export async function pushSubscriptionsOf(db: pg.Pool, userId: number) {
  const { rows } = await db.query<{ endpoint: string; created_at: Date }>(
    'SELECT endpoint, created_at FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at', [userId]);
  return rows;
}

export async function sessionsOf(db: pg.Pool, userId: number) {
  const { rows } = await db.query<{ created_at: Date; last_seen_at: Date; expires_at: Date; user_agent: string }>(
    'SELECT created_at, last_seen_at, expires_at, user_agent FROM sessions WHERE user_id = $1 ORDER BY created_at', [userId]);
  return rows;
}

/** Mail addressed to the person (queued or sent), latest first, at most `limit`. */
export async function mailsTo(db: pg.Pool, email: string, limit: number) {
  const { rows } = await db.query<{ subject: string; created_at: Date; sent_at: Date | null }>(
    `SELECT subject, created_at, sent_at FROM mail_outbox WHERE lower(to_address) = lower($1) ORDER BY created_at DESC, id DESC LIMIT $2`,
    [email, limit],
  );
  return rows;
}

export interface OwnBookingRow {
  id: number; room_id: number | null; site_name: string; location_name: string; place: string | null; time_zone: string;
  starts_at: Date; finishes_at: Date; status: number; description: string; on_behalf_of_email: string; booked_by_me: boolean;
  booked_by_name: string; include_parking: boolean; cancellation_reason: string; cancelled_at: Date | null; cancelled_by_admin: boolean;
  checked_in_at: Date | null; checked_in_by_name: string | null; series_id: string | null; created_at: Date;
}

/**
 * The person's bookings: those they booked and those booked on their behalf (as My Bookings finds them,
 * through the same two indexes), latest first, at most `limit`.
 */
export async function bookingsOf(db: pg.Pool, userId: number, email: string, limit: number): Promise<OwnBookingRow[]> {
  const { rows } = await db.query<OwnBookingRow>(
    `SELECT b.id, b.room_id, s.title AS site_name, l.title AS location_name, coalesce(r.name, b.desk_name, b.desk_id) AS place,
       s.time_zone, b.starts_at, b.finishes_at, b.status, b.description, b.on_behalf_of_email, b.booked_by_user_id = $1 AS booked_by_me,
       bu.full_name AS booked_by_name, b.include_parking, b.cancellation_reason, b.cancelled_at, b.cancelled_by_admin,
       b.checked_in_at, b.checked_in_by_name, b.series_id, b.created_at
     FROM bookings b JOIN sites s ON s.id = b.site_id JOIN locations l ON l.id = b.location_id
       LEFT JOIN rooms r ON r.id = b.room_id JOIN users bu ON bu.id = b.booked_by_user_id
     WHERE b.booked_by_user_id = $1 OR (b.on_behalf_of_email <> '' AND lower(b.on_behalf_of_email) = lower($2))
     ORDER BY b.starts_at DESC, b.id DESC LIMIT $3`,
    [userId, email, limit],
  );
  return rows;
}
