import type { LinkedTeam } from '../../../domain/groupSync.js';
import type { Db } from '../orgAccess/orgAccess.repo.js';

/**
 * Teams linked to an identity-provider group (the only teams the sync touches). FOR KEY SHARE: a team
 * cannot be deleted between this read and the sign-in adding someone to it (the sign-in would fail).
 */
export async function linkedTeams(db: Db): Promise<LinkedTeam[]> {
  return (await db.query<LinkedTeam>('SELECT id, oidc_group AS "group" FROM teams WHERE oidc_group IS NOT NULL ORDER BY id FOR KEY SHARE')).rows;
}

export async function teamIdsOf(db: Db, userId: number): Promise<number[]> {
  return (await db.query<{ team_id: number }>('SELECT team_id FROM team_members WHERE user_id = $1 ORDER BY team_id', [userId])).rows.map((r) => r.team_id);
}

export async function grantRoles(db: Db, userId: number, roleIds: number[]): Promise<void> {
  if (roleIds.length === 0) return;
  await db.query('INSERT INTO user_roles (user_id, role_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [userId, roleIds]);
}

export async function revokeRoles(db: Db, userId: number, roleIds: number[]): Promise<void> {
  if (roleIds.length === 0) return;
  await db.query('DELETE FROM user_roles WHERE user_id = $1 AND role_id = ANY ($2::int[])', [userId, roleIds]);
}

export async function joinTeams(db: Db, userId: number, teamIds: number[]): Promise<void> {
  if (teamIds.length === 0) return;
  await db.query('INSERT INTO team_members (team_id, user_id) SELECT unnest($2::int[]), $1 ON CONFLICT DO NOTHING', [userId, teamIds]);
}

export async function leaveTeams(db: Db, userId: number, teamIds: number[]): Promise<void> {
  if (teamIds.length === 0) return;
  await db.query('DELETE FROM team_members WHERE user_id = $1 AND team_id = ANY ($2::int[])', [userId, teamIds]);
}
