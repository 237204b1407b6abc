import { removesLastAdmin, ROLES } from '../../../domain/roles.js';
import { csvLine } from '../../../domain/adminRules.js';
import type { Profile } from '../../../domain/wire/profile.js';
import type { AppDeps } from '../../deps.js';
import { badInput, conflict, notFound } from '../../http/errors.js';
import { inTransaction } from '../orgAccess/orgAccess.repo.js';
import type { SessionUser } from '../../auth/sessions.js';
import { roleNames } from '../audit/auditFacts.js';
import { recordAudit } from '../audit/recordAudit.js';
import { loadProfile } from '../users/users.repo.js';
import type { PersonSso } from '../../../domain/wire/personSso.js';
import { admins, allRoles, countAdmins, lockAdminRole, replaceRoles, roleIdsOf, setExpectsSso, ssoOf, userExists, userIdByEmail } from './userManagement.repo.js';

const ADMIN_ROLE_ID = 1;
export const LAST_ADMIN_MESSAGE = 'The last admin cannot lose the Admin role. Make someone else an admin first.';

export const listRoles = (deps: AppDeps) => allRoles(deps.pool);

/**
 * Replaces a person's roles (SPEC 6: admins assign roles). The Admin role is never removed from the
 * last person holding it: an organisation without an admin could not be administered any more.
 * Roles are read per request from the session, so the change applies to the person's next call.
 */
export async function assignRoles(deps: AppDeps, email: string, roleIds: number[], admin: SessionUser): Promise<Profile> {
  const unknown = roleIds.filter((id) => !ROLES.some((r) => r.Id === id));
  if (unknown.length > 0) throw badInput(`Unknown role: ${unknown.join(', ')}`, { RoleIds: `Unknown role: ${unknown.join(', ')}` });
  const userId = await inTransaction(deps.pool, async (db) => {
    const id = await userIdByEmail(db, email);
    if (id === undefined) throw notFound('The person');
    await lockAdminRole(db);
    const current = await roleIdsOf(db, id);
    const holdsAdmin = current.includes(ADMIN_ROLE_ID), keepsAdmin = roleIds.includes(ADMIN_ROLE_ID);
    // Counted only when it matters; the rule itself is shared with the identity-provider group sync.
    if (holdsAdmin && !keepsAdmin && removesLastAdmin({ holdsAdmin, keepsAdmin, adminCount: await countAdmins(db) })) {
      throw conflict(LAST_ADMIN_MESSAGE);
    }
    await replaceRoles(db, id, roleIds);
    await recordAudit(db, { actor: admin, action: 'roles.change', target: { type: 'user', id }, before: { Roles: roleNames(current) }, after: { Roles: roleNames(roleIds) } });
    return id;
  });
  const profile = await loadProfile(deps.pool, userId);
  if (!profile) throw notFound('The person');
  return profile;
}

export async function profileByEmail(deps: AppDeps, email: string): Promise<Profile> {
  const id = await userIdByEmail(deps.pool, email);
  const profile = id === undefined ? undefined : await loadProfile(deps.pool, id);
  if (!profile) throw notFound('The person');
  return profile;
}

/** GET /api/users/admins/export: the admins as CSV (Id, FullName, Email). */
export async function adminsCsv(deps: AppDeps): Promise<string> {
  const list = await admins(deps.pool);
  return csvLine(['Id', 'FullName', 'Email']) + list.map((a) => csvLine([a.id, a.full_name, a.email])).join('');
}

/** Ends every session of a person at once (a lost laptop, someone leaving). */
export async function signOutEverywhere(deps: AppDeps, userId: number): Promise<{ Success: boolean; SessionsEnded: number }> {
  if (!(await userExists(deps.pool, userId))) throw notFound('The person');
  return { Success: true, SessionsEnded: await deps.sessions.destroyAllFor(userId) };
}

/** Whether the person expects single sign-on (domain/oidcLink.ts), and whether an identity is linked. */
export async function personSso(deps: AppDeps, userId: number): Promise<PersonSso> {
  const sso = await ssoOf(deps.pool, userId);
  if (!sso) throw notFound('The person');
  return { Id: userId, ExpectsSso: sso.expectsSso, Linked: sso.linked };
}

/**
 * An admin marks a person as expecting single sign-on, or clears the mark: with it, the person's first
 * OpenID Connect sign-in with a verified address may link to them despite a password or the Admin role.
 */
export async function setPersonSso(deps: AppDeps, userId: number, expectsSso: boolean): Promise<PersonSso> {
  if (!(await setExpectsSso(deps.pool, userId, expectsSso))) throw notFound('The person');
  return personSso(deps, userId);
}
