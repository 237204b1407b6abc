import type { TeamWithMembers } from '../../../domain/wire/admin.js';
import type { TeamRef } from '../../../domain/wire/people.js';
import type { AppDeps } from '../../deps.js';
import { badInput, conflict, notFound } from '../../http/errors.js';
import { inTransaction } from '../orgAccess/orgAccess.repo.js';
import {
  deleteTeamRow, existingUserIds, insertTeam, lockTeam, membersOf, renameTeam, replaceMembers, teamAssignedToDesks, teamById,
} from './teamsAdmin.repo.js';

export const TEAM_ON_DESKS_MESSAGE = 'This team is assigned to desks on a floorplan. Remove it from those desks first.';

// Names are unique case-insensitively (teams.name_key); a clash becomes 409 through dbErrors.
export const createTeam = (deps: AppDeps, name: string): Promise<TeamRef> => insertTeam(deps.pool, name);

export async function renameTeamById(deps: AppDeps, id: number, name: string): Promise<TeamRef> {
  const team = await renameTeam(deps.pool, id, name);
  if (!team) throw notFound('The team');
  return team;
}

/**
 * Deleting a team removes its memberships and the access-list entries naming it (cascade). A team
 * still assigned to desks is refused: those desks would otherwise be bookable (beyond 48 hours) by nobody.
 */
export async function deleteTeam(deps: AppDeps, id: number): Promise<{ Success: true }> {
  await inTransaction(deps.pool, async (db) => {
    if (!(await lockTeam(db, id))) throw notFound('The team');
    if (await teamAssignedToDesks(db, id)) throw conflict(TEAM_ON_DESKS_MESSAGE);
    await deleteTeamRow(db, id);
  });
  return { Success: true };
}

export async function teamWithMembers(deps: AppDeps, id: number): Promise<TeamWithMembers> {
  const team = await teamById(deps.pool, id);
  if (!team) throw notFound('The team');
  return { ...team, Members: await membersOf(deps.pool, id) };
}

/** Replaces the team's members with exactly these people. */
export async function setMembers(deps: AppDeps, id: number, userIds: number[]): Promise<TeamWithMembers> {
  await inTransaction(deps.pool, async (db) => {
    if (!(await lockTeam(db, id))) throw notFound('The team');
    const known = new Set(await existingUserIds(db, userIds));
    const missing = userIds.filter((u) => !known.has(u));
    if (missing.length > 0) throw badInput(`Unknown person: ${missing.join(', ')}`, { UserIds: `Unknown person: ${missing.join(', ')}` });
    await replaceMembers(db, id, userIds);
  });
  return teamWithMembers(deps, id);
}
