import type { AdminTeam } from '../../../domain/wire/admin.js';
import type { PersonRef } from '../../../domain/wire/people.js';
import type { Db } from '../orgAccess/orgAccess.repo.js';

const TEAM = 'id AS "Id", name AS "Name", oidc_group AS "OidcGroup"';

export async function insertTeam(db: Db, name: string, oidcGroup: string | null): Promise<AdminTeam> {
  return (await db.query<AdminTeam>(`INSERT INTO teams (name, oidc_group) VALUES ($1, $2) RETURNING ${TEAM}`, [name, oidcGroup])).rows[0]!;
}

/** Renames; the linked group changes only when one is given (undefined keeps it, null unlinks). */
export async function updateTeam(db: Db, id: number, name: string, oidcGroup: string | null | undefined): Promise<AdminTeam | undefined> {
  return (await db.query<AdminTeam>(
    `UPDATE teams SET name = $2, oidc_group = CASE WHEN $3 THEN $4 ELSE oidc_group END WHERE id = $1 RETURNING ${TEAM}`,
    [id, name, oidcGroup !== undefined, oidcGroup ?? null])).rows[0];
}

export async function lockTeam(db: Db, id: number): Promise<AdminTeam | undefined> {
  return (await db.query<AdminTeam>(`SELECT ${TEAM} FROM teams WHERE id = $1 FOR UPDATE`, [id])).rows[0];
}

export async function deleteTeamRow(db: Db, id: number): Promise<void> {
  await db.query('DELETE FROM teams WHERE id = $1', [id]);
}

/** Desks of live floorplans (in the latest layout, or the latest published one) assigned to the team. */
export async function teamAssignedToDesks(db: Db, id: number): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM floorplans f JOIN layouts l ON l.floorplan_id = f.id
       WHERE f.deleted_at IS NULL
         AND (l.id = (SELECT max(id) FROM layouts x WHERE x.floorplan_id = f.id)
           OR l.id = (SELECT max(id) FROM layouts x WHERE x.floorplan_id = f.id AND x.published))
         AND l.json::jsonb -> 'desks' @> jsonb_build_array(jsonb_build_object('assignedTeams', jsonb_build_array($1::int)))
     ) AS found`, [id]);
  return rows[0]!.found;
}

export async function existingUserIds(db: Db, ids: number[]): Promise<number[]> {
  return (await db.query<{ id: number }>('SELECT id FROM users WHERE id = ANY ($1::int[])', [ids])).rows.map((r) => r.id);
}

export async function replaceMembers(db: Db, teamId: number, userIds: number[]): Promise<void> {
  await db.query('DELETE FROM team_members WHERE team_id = $1 AND NOT (user_id = ANY ($2::int[]))', [teamId, userIds]);
  await db.query('INSERT INTO team_members (team_id, user_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [teamId, userIds]);
}

export async function membersOf(db: Db, teamId: number): Promise<PersonRef[]> {
  return (await db.query<PersonRef>(
    `SELECT u.id AS "Id", u.full_name AS "FullName", u.email AS "Email" FROM team_members tm JOIN users u ON u.id = tm.user_id
     WHERE tm.team_id = $1 ORDER BY lower(u.full_name), u.email_key`, [teamId])).rows;
}

export async function teamById(db: Db, id: number): Promise<AdminTeam | undefined> {
  return (await db.query<AdminTeam>(`SELECT ${TEAM} FROM teams WHERE id = $1`, [id])).rows[0];
}

/** Every team with its linked group, in the order GET /api/teams lists them. */
export async function allTeamsWithGroups(db: Db): Promise<AdminTeam[]> {
  return (await db.query<AdminTeam>(`SELECT ${TEAM} FROM teams ORDER BY lower(name), id`)).rows;
}
