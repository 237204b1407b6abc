import { planGroupSync, type GroupsClaim, type GroupSyncPlan, type RoleGroup } from '../../../domain/groupSync.js';
import { ROLES, roleNameById, type RoleName } from '../../../domain/roles.js';
import type { Db } from '../orgAccess/orgAccess.repo.js';
import { countAdmins, lockAdminRole, roleIdsOf } from '../userManagement/userManagement.repo.js';
import { grantRoles, joinTeams, leaveTeams, linkedTeams, revokeRoles, teamIdsOf } from './groupSync.repo.js';

const roleId = (name: RoleName): number => ROLES.find((r) => r.Name === name)!.Id;

/**
 * Brings one person's group-managed roles and group-linked teams in line with the groups claim
 * (domain/groupSync.ts decides; this reads the state and applies the plan). Runs inside the caller's
 * transaction, so the sign-in, the roles and the teams change together or not at all.
 */
export async function syncGroups(db: Db, userId: number, claim: GroupsClaim, roleGroups: readonly RoleGroup[]): Promise<GroupSyncPlan> {
  const roles = (await roleIdsOf(db, userId)).map(roleNameById).filter((r): r is RoleName => r !== undefined);
  // The same row lock as role assignment takes: two admins losing their group at the same moment are
  // serialised, and the second sees that the first already lost the role (the last-admin rule holds).
  const mayLoseAdmin = roles.includes('Admin') && roleGroups.some((m) => m.role === 'Admin');
  if (mayLoseAdmin) await lockAdminRole(db);
  const plan = planGroupSync({
    claim,
    roleGroups,
    linkedTeams: await linkedTeams(db),
    current: { roles, teamIds: await teamIdsOf(db, userId), adminCount: await countAdmins(db) },
  });
  await grantRoles(db, userId, plan.addRoles.map(roleId));
  await revokeRoles(db, userId, plan.removeRoles.map(roleId));
  await joinTeams(db, userId, plan.joinTeams);
  await leaveTeams(db, userId, plan.leaveTeams);
  return plan;
}
