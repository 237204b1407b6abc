import type { AdminTeam, TeamGroupSync, TeamWithMembers } from '../../../domain/wire/admin.js';
import type { AppDeps } from '../../deps.js';
import { badInput, conflict, notFound } from '../../http/errors.js';
import { inTransaction } from '../orgAccess/orgAccess.repo.js';
import type { SessionUser } from '../../auth/sessions.js';
import { idSet } from '../audit/auditFacts.js';
import { recordAudit } from '../audit/recordAudit.js';
import {
  allTeamsWithGroups, deleteTeamRow, existingUserIds, insertTeam, lockTeam, membersOf, replaceMembers, teamAssignedToDesks, teamById, updateTeam,
} from './teamsAdmin.repo.js';

export const TEAM_ON_DESKS_MESSAGE = 'This team is assigned to desks on a floorplan. Remove it from those desks first.';

/** A team's fields as admins send them: OidcGroup undefined = unchanged, null = not linked to a group. */
export interface TeamFields { Name: string; OidcGroup?: string | null | undefined }

// Names are unique case-insensitively (teams.name_key), and so are linked groups (teams_oidc_group_key);
// a clash becomes 409 through dbErrors.
export const createTeam = (deps: AppDeps, team: TeamFields, admin: SessionUser): Promise<AdminTeam> => inTransaction(deps.pool, async (db) => {
  const created = await insertTeam(db, team.Name, team.OidcGroup ?? null);
  await recordAudit(db, { actor: admin, action: 'team.create', target: { type: 'team', id: created.Id }, after: { Name: created.Name, OidcGroup: created.OidcGroup } });
  return created;
});

export async function updateTeamById(deps: AppDeps, id: number, team: TeamFields, admin: SessionUser): Promise<AdminTeam> {
  return inTransaction(deps.pool, async (db) => {
    const before = await lockTeam(db, id);
    const updated = before && await updateTeam(db, id, team.Name, team.OidcGroup);
    if (!updated) throw notFound('The team');
    await recordAudit(db, { actor: admin, action: 'team.update', target: { type: 'team', id }, before: { Name: before.Name, OidcGroup: before.OidcGroup }, after: { Name: updated.Name, OidcGroup: updated.OidcGroup } });
    return updated;
  });
}

/**
 * Teams with their linked groups, and the sync configuration, for the Teams screen: an admin linking
 * a team sees whether sign-in will act on the link and which groups give which roles.
 */
export async function teamGroupSync(deps: AppDeps): Promise<TeamGroupSync> {
  const groups = deps.config.oidc?.groups;
  return {
    GroupsClaim: groups?.claim ?? null,
    RoleGroups: (groups?.roleGroups ?? []).map((m) => ({ Group: m.group, Role: m.role })),
    Teams: await allTeamsWithGroups(deps.pool),
  };
}

/**
 * Deleting a team removes its memberships and the access-list entries naming it (cascade). A team
 * still assigned to desks is refused: those desks would otherwise be bookable (beyond 48 hours) by nobody.
 */
export async function deleteTeam(deps: AppDeps, id: number, admin: SessionUser): Promise<{ Success: true }> {
  await inTransaction(deps.pool, async (db) => {
    const team = await lockTeam(db, id);
    if (!team) throw notFound('The team');
    if (await teamAssignedToDesks(db, id)) throw conflict(TEAM_ON_DESKS_MESSAGE);
    await deleteTeamRow(db, id);
    await recordAudit(db, { actor: admin, action: 'team.delete', target: { type: 'team', id }, before: { Name: team.Name, OidcGroup: team.OidcGroup } });
  });
  return { Success: true };
}

export async function teamWithMembers(deps: AppDeps, id: number): Promise<TeamWithMembers> {
  const team = await teamById(deps.pool, id);
  if (!team) throw notFound('The team');
  return { ...team, Members: await membersOf(deps.pool, id) };
}

/** Replaces the team's members with exactly these people. */
export async function setMembers(deps: AppDeps, id: number, userIds: number[], admin: SessionUser): Promise<TeamWithMembers> {
  await inTransaction(deps.pool, async (db) => {
    if (!(await lockTeam(db, id))) throw notFound('The team');
    const known = new Set(await existingUserIds(db, userIds));
    const missing = userIds.filter((u) => !known.has(u));
    if (missing.length > 0) throw badInput(`Unknown person: ${missing.join(', ')}`, { UserIds: `Unknown person: ${missing.join(', ')}` });
    const before = (await membersOf(db, id)).map((m) => m.Id);
    await replaceMembers(db, id, userIds);
    await recordAudit(db, { actor: admin, action: 'team.members', target: { type: 'team', id }, before: { MemberIds: idSet(before) }, after: { MemberIds: idSet(userIds) } });
  });
  return teamWithMembers(deps, id);
}
