import type pg from 'pg';
import type { Profile } from '../../../domain/wire/profile.js';
import { CALLER_FLAGS_SQL } from '../../auth/sessions.js';

export interface UserRecord { id: number; email: string; full_name: string; password_hash: string | null }

export async function findUserByEmail(db: pg.Pool | pg.PoolClient, email: string): Promise<UserRecord | undefined> {
  const { rows } = await db.query<UserRecord>('SELECT id, email, full_name, password_hash FROM users WHERE email_key = lower($1)', [email.trim()]);
  return rows[0];
}

/** expectsSso: may be linked by e-mail to an OpenID Connect sign-in despite a password or the Admin role (domain/oidcLink.ts). */
export async function insertUser(db: pg.Pool | pg.PoolClient, u: { email: string; fullName: string; passwordHash?: string | null; expectsSso?: boolean }): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO users (email, full_name, password_hash, expects_sso) VALUES ($1, $2, $3, $4) RETURNING id',
    [u.email.trim(), u.fullName.trim(), u.passwordHash ?? null, u.expectsSso ?? false],
  );
  return rows[0]!.id;
}

export async function setPasswordHash(db: pg.Pool | pg.PoolClient, userId: number, hash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, hash]);
}

/** Replaces a password hash by a stronger one of the same password, unless it was changed meanwhile. */
export async function upgradePasswordHash(db: pg.Pool | pg.PoolClient, userId: number, oldHash: string, newHash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2', [userId, oldHash, newHash]);
}

export async function addRole(db: pg.Pool | pg.PoolClient, userId: number, roleId: number): Promise<void> {
  await db.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, roleId]);
}

export async function countAdmins(db: pg.Pool | pg.PoolClient): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_roles WHERE role_id = 1');
  return rows[0]?.n ?? 0;
}

/** An OpenID Connect identity as stored on the person it is linked to. */
export interface OidcIdentityRow { issuer: string; subject: string; email: string; fullName: string; tenantId?: string; objectId?: string }

/** The person linked to an identity (issuer + subject), locked until the sign-in's transaction ends. */
export async function findOidcUser(db: pg.Pool | pg.PoolClient, issuer: string, subject: string, lock = true):
  Promise<{ id: number; email: string; oidc_tenant: string | null; oidc_object_id: string | null } | undefined> {
  const { rows } = await db.query<{ id: number; email: string; oidc_tenant: string | null; oidc_object_id: string | null }>(
    `SELECT id, email, oidc_tenant, oidc_object_id FROM users WHERE oidc_issuer = $1 AND oidc_subject = $2${lock ? ' FOR UPDATE' : ''}`,
    [issuer, subject]);
  return rows[0];
}

/** The person holding an address, with what deciding a link by e-mail needs (domain/oidcLink.ts), locked. */
export async function findLinkCandidate(db: pg.PoolClient, email: string):
  Promise<{ id: number; linked: boolean; hasPassword: boolean; isAdmin: boolean; expectsSso: boolean } | undefined> {
  const { rows } = await db.query<{ id: number; linked: boolean; hasPassword: boolean; isAdmin: boolean; expectsSso: boolean }>(
    `SELECT id, oidc_subject IS NOT NULL AS "linked", password_hash IS NOT NULL AS "hasPassword", expects_sso AS "expectsSso",
       EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = u.id AND ur.role_id = 1) AS "isAdmin"
     FROM users u WHERE email_key = lower($1) FOR UPDATE`,
    [email.trim()]);
  return rows[0];
}

/** Whether someone other than `userId` holds the address. */
export async function emailHeldByOther(db: pg.PoolClient, email: string, userId: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM users WHERE email_key = lower($1) AND id <> $2', [email.trim(), userId])).rowCount !== 0;
}

/**
 * A linked person signed in again: their name (unless the provider sent none), their address when
 * given (the caller checked it collides with no one), and the Entra ID tenant and object id when not
 * yet recorded (people linked before they were).
 */
export async function updateOidcUser(db: pg.PoolClient, userId: number, u: { email?: string; fullName: string; tenantId?: string; objectId?: string }): Promise<void> {
  await db.query(
    `UPDATE users SET email = coalesce($2, email), full_name = CASE WHEN $3 = '' THEN full_name ELSE $3 END,
       oidc_tenant = coalesce(oidc_tenant, $4), oidc_object_id = coalesce(oidc_object_id, $5)
     WHERE id = $1`,
    [userId, u.email ?? null, u.fullName.trim(), u.tenantId ?? null, u.objectId ?? null]);
}

/** Links a new identity to an existing person (domain/oidcLink.ts allowed it); the name follows the provider's. */
export async function linkOidcIdentity(db: pg.PoolClient, userId: number, u: OidcIdentityRow): Promise<void> {
  await db.query(
    `UPDATE users SET oidc_issuer = $2, oidc_subject = $3, oidc_tenant = $4, oidc_object_id = $5,
       full_name = CASE WHEN $6 = '' THEN full_name ELSE $6 END
     WHERE id = $1 AND oidc_subject IS NULL`,
    [userId, u.issuer, u.subject, u.tenantId ?? null, u.objectId ?? null, u.fullName.trim()]);
}

/** A new person for a new identity; undefined when the address or the identity was taken meanwhile. */
export async function insertOidcUser(db: pg.PoolClient, u: OidcIdentityRow): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (email, full_name, oidc_issuer, oidc_subject, oidc_tenant, oidc_object_id)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING id`,
    [u.email.trim(), u.fullName.trim(), u.issuer, u.subject, u.tenantId ?? null, u.objectId ?? null]);
  return rows[0]?.id;
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
