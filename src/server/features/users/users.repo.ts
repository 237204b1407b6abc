import type pg from 'pg';
import type { Profile } from '../../../domain/wire/profile.js';
import { CALLER_FLAGS_SQL } from '../../auth/sessions.js';

export interface UserRecord { id: number; email: string; full_name: string; password_hash: string | null }

export async function findUserByEmail(db: pg.Pool | pg.PoolClient, email: string): Promise<UserRecord | undefined> {
  const { rows } = await db.query<UserRecord>('SELECT id, email, full_name, password_hash FROM users WHERE email_key = lower($1)', [email.trim()]);
  return rows[0];
}

export async function insertUser(db: pg.Pool | pg.PoolClient, u: { email: string; fullName: string; passwordHash?: string | null }): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO users (email, full_name, password_hash) VALUES ($1, $2, $3) RETURNING id',
    [u.email.trim(), u.fullName.trim(), u.passwordHash ?? null],
  );
  return rows[0]!.id;
}

export async function setPasswordHash(db: pg.Pool | pg.PoolClient, userId: number, hash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, hash]);
}

export async function addRole(db: pg.Pool | pg.PoolClient, userId: number, roleId: number): Promise<void> {
  await db.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, roleId]);
}

export async function countAdmins(db: pg.Pool | pg.PoolClient): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_roles WHERE role_id = 1');
  return rows[0]?.n ?? 0;
}

/**
 * Creates or updates the person from an OpenID Connect sign-in. Matching is by issuer + subject first,
 * then by e-mail, so an admin's pre-registration (POST /api/users) is claimed at first sign-in.
 */
export async function upsertOidcUser(db: pg.Pool | pg.PoolClient, u: { issuer: string; subject: string; email: string; fullName: string }): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `WITH by_subject AS (
       UPDATE users SET email = $3, full_name = CASE WHEN $4 = '' THEN full_name ELSE $4 END
       WHERE oidc_issuer = $1 AND oidc_subject = $2 RETURNING id),
     by_email AS (
       UPDATE users SET oidc_issuer = $1, oidc_subject = $2, full_name = CASE WHEN $4 = '' THEN full_name ELSE $4 END
       WHERE NOT EXISTS (SELECT 1 FROM by_subject) AND email_key = lower($3) AND oidc_subject IS NULL RETURNING id),
     created AS (
       INSERT INTO users (email, full_name, oidc_issuer, oidc_subject)
       SELECT $3, $4, $1, $2 WHERE NOT EXISTS (SELECT 1 FROM by_subject) AND NOT EXISTS (SELECT 1 FROM by_email)
       RETURNING id)
     SELECT id FROM by_subject UNION ALL SELECT id FROM by_email UNION ALL SELECT id FROM created`,
    [u.issuer, u.subject, u.email, u.fullName],
  );
  return rows[0]!.id;
}

/** The full profile (SPEC 3) as sent on the wire. */
export async function loadProfile(db: pg.Pool | pg.PoolClient, userId: number): Promise<Profile | undefined> {
  const { rows } = await db.query(
    `SELECT u.id, u.full_name, u.email, u.photo_type, u.photo_data, u.organisation, u.phone, u.use_teams,
       coalesce((SELECT json_agg(json_build_object('Id', r.id, 'Name', r.name) ORDER BY r.id) FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id), '[]') AS roles,
       coalesce((SELECT json_agg(json_build_object('Id', t.id, 'Label', t.label, 'Tooltip', t.tooltip) ORDER BY t.label) FROM tag_assignments ta JOIN tags t ON t.id = ta.tag_id WHERE ta.kind = 1 AND ta.target_id = u.id), '[]') AS tags,
       coalesce((SELECT json_agg(json_build_object('Id', t.id, 'Name', t.name) ORDER BY t.name) FROM team_members tm JOIN teams t ON t.id = tm.team_id WHERE tm.user_id = u.id), '[]') AS teams,
       ${CALLER_FLAGS_SQL}
     FROM users u WHERE u.id = $1`,
    [userId],
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    Id: r.id,
    FullName: r.full_name,
    Email: r.email,
    Photo: r.photo_type && r.photo_data ? { Type: r.photo_type, Data: r.photo_data } : null,
    Roles: r.roles,
    Tags: r.tags,
    Organisation: r.organisation,
    Phone: r.phone,
    UseTeams: r.use_teams,
    Teams: r.teams,
    RoomApprover: r.room_approver,
    SiteLvlAdmin: r.site_lvl_admin,
  };
}
