import { removesLastAdmin, type RoleName } from './roles.js';

/**
 * Identity-provider groups → Hotdesk roles and team membership, decided at each OpenID Connect
 * sign-in (issue 6). Pure: the server reads the current state, asks planGroupSync what to change and
 * applies the plan in one transaction.
 *
 * Only what the groups are configured to manage is touched: roles named in OIDC_ROLE_GROUPS and teams
 * linked to a group. Everything else (roles given by hand, hand-managed teams) is left as it is, so
 * an organisation can move to group-managed access one role or team at a time.
 */

/** One entry of OIDC_ROLE_GROUPS: members of `group` hold `role`. */
export interface RoleGroup { group: string; role: RoleName }
/** A team linked to a group (teams.oidc_group). */
export interface LinkedTeam { id: number; group: string }

/**
 * Groups are compared trimmed and without regard to case: Entra ID object ids are GUIDs (case does
 * not matter in a GUID, and admins paste them in either case) and directory group names are
 * case-insensitive in Active Directory and most providers.
 */
export const groupKey = (group: string): string => group.trim().toLowerCase();

/** The groups claim as a token carried it: the groups, or why it cannot be gone by. */
export type GroupsClaim =
  | { kind: 'groups'; groups: string[] }
  | { kind: 'absent' }
  | { kind: 'unreadable'; reason: string };

/**
 * Reads a claim's raw value. A list of strings is the usual form; a single string is one group
 * (AD FS sends one group that way). Anything else is unreadable as a whole: syncing from half a list
 * could strip roles the person should keep. Blank entries are dropped.
 */
export function readGroupsClaim(value: unknown): GroupsClaim {
  if (value === undefined || value === null) return { kind: 'absent' };
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list)) return { kind: 'unreadable', reason: `the claim is a ${typeof value}, not a list of groups` };
  if (!list.every((g): g is string => typeof g === 'string')) return { kind: 'unreadable', reason: 'the claim holds something other than strings' };
  return { kind: 'groups', groups: list.filter((g) => g.trim() !== '') };
}

export interface GroupSyncState {
  /** The person's roles now. */
  roles: readonly RoleName[];
  /** The teams the person is a member of now (linked or not). */
  teamIds: readonly number[];
  /** How many people hold the Admin role now (the person included). */
  adminCount: number;
}

export interface GroupSyncPlan {
  /** Set when nothing may be changed, because the claim cannot be gone by. */
  skipped?: 'claim absent' | 'claim unreadable';
  addRoles: RoleName[];
  removeRoles: RoleName[];
  joinTeams: number[];
  leaveTeams: number[];
  /** The groups would take the Admin role away, but this person is the last admin: it is kept. */
  keptLastAdmin: boolean;
}

const nothing = (skipped: GroupSyncPlan['skipped']): GroupSyncPlan =>
  ({ skipped, addRoles: [], removeRoles: [], joinTeams: [], leaveTeams: [], keptLastAdmin: false });

/**
 * What to change so that the managed roles and linked teams match the claim:
 * - a role named in the mapping is held exactly when one of its groups is in the claim;
 * - the person is a member of a linked team exactly when its group is in the claim;
 * - roles outside the mapping and teams without a group are never touched;
 * - an absent or unreadable claim changes nothing (a provider that stops sending groups, or an
 *   Entra ID group overage, must not strip everyone's roles);
 * - the last admin keeps the Admin role (the last-admin rule, roles.ts).
 */
export function planGroupSync(input: {
  claim: GroupsClaim;
  roleGroups: readonly RoleGroup[];
  linkedTeams: readonly LinkedTeam[];
  current: GroupSyncState;
}): GroupSyncPlan {
  const { claim, roleGroups, linkedTeams, current } = input;
  if (claim.kind === 'absent') return nothing('claim absent');
  if (claim.kind === 'unreadable') return nothing('claim unreadable');
  const inClaim = new Set(claim.groups.map(groupKey));

  const managed = new Set(roleGroups.map((m) => m.role));
  const wanted = new Set(roleGroups.filter((m) => inClaim.has(groupKey(m.group))).map((m) => m.role));
  const held = new Set(current.roles);
  const addRoles = [...wanted].filter((r) => !held.has(r));
  let removeRoles = [...managed].filter((r) => held.has(r) && !wanted.has(r));
  const keptLastAdmin = removeRoles.includes('Admin')
    && removesLastAdmin({ holdsAdmin: true, keepsAdmin: false, adminCount: current.adminCount });
  if (keptLastAdmin) removeRoles = removeRoles.filter((r) => r !== 'Admin');

  const member = new Set(current.teamIds);
  const wantedTeams = new Set(linkedTeams.filter((t) => inClaim.has(groupKey(t.group))).map((t) => t.id));
  const joinTeams = [...wantedTeams].filter((id) => !member.has(id));
  const leaveTeams = linkedTeams.map((t) => t.id).filter((id) => member.has(id) && !wantedTeams.has(id));

  return { addRoles, removeRoles, joinTeams, leaveTeams, keptLastAdmin };
}

/** Whether the plan changes anything (for the log). */
export const planChangesSomething = (p: GroupSyncPlan): boolean =>
  p.addRoles.length + p.removeRoles.length + p.joinTeams.length + p.leaveTeams.length > 0;
