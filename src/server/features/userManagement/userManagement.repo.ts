import type { Db } from '../orgAccess/orgAccess.repo.js';

const ADMIN_ROLE_ID = 1;

export async function userIdByEmail(db: Db, email: string): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM users WHERE email_key = lower($1)', [email.trim()]);
  return rows[0]?.id;
}

export async function userExists(db: Db, id: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM users WHERE id = $1', [id])).rowCount === 1;
}

export async function allRoles(db: Db): Promise<{ Id: number; Name: string }[]> {
  return (await db.query<{ Id: number; Name: string }>('SELECT id AS "Id", name AS "Name" FROM roles ORDER BY id')).rows;
}

/**
 * Every change to who holds the Admin role takes this row lock first, so two admins removing each
 * other's Admin role at the same moment are serialised and the second sees the first's change.
 */
export async function lockAdminRole(db: Db): Promise<void> {
  await db.query('SELECT 1 FROM roles WHERE id = $1 FOR UPDATE', [ADMIN_ROLE_ID]);
}

export async function roleIdsOf(db: Db, userId: number): Promise<number[]> {
  return (await db.query<{ role_id: number }>('SELECT role_id FROM user_roles WHERE user_id = $1 ORDER BY role_id', [userId])).rows.map((r) => r.role_id);
}

export async function countAdmins(db: Db): Promise<number> {
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_roles WHERE role_id = $1', [ADMIN_ROLE_ID])).rows[0]!.n;
}

export async function replaceRoles(db: Db, userId: number, roleIds: number[]): Promise<void> {
  await db.query('DELETE FROM user_roles WHERE user_id = $1 AND NOT (role_id = ANY ($2::int[]))', [userId, roleIds]);
  await db.query('INSERT INTO user_roles (user_id, role_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [userId, roleIds]);
}

export async function admins(db: Db): Promise<{ id: number; full_name: string; email: string }[]> {
  const { rows } = await db.query<{ id: number; full_name: string; email: string }>(
    `SELECT u.id, u.full_name, u.email FROM users u JOIN user_roles ur ON ur.user_id = u.id AND ur.role_id = $1
     ORDER BY lower(u.full_name), u.email_key`, [ADMIN_ROLE_ID]);
  return rows;
}

/** Whether the person expects single sign-on (users.expects_sso) and has an identity linked; undefined: no such person. */
export async function ssoOf(db: Db, userId: number): Promise<{ expectsSso: boolean; linked: boolean } | undefined> {
  const { rows } = await db.query<{ expectsSso: boolean; linked: boolean }>(
    'SELECT expects_sso AS "expectsSso", oidc_subject IS NOT NULL AS "linked" FROM users WHERE id = $1', [userId]);
  return rows[0];
}

/** Sets the mark; false when there is no such person. */
export async function setExpectsSso(db: Db, userId: number, expectsSso: boolean): Promise<boolean> {
  return (await db.query('UPDATE users SET expects_sso = $2 WHERE id = $1', [userId, expectsSso])).rowCount === 1;
}
