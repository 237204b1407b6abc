import type { FastifyBaseLogger } from 'fastify';
import { planChangesSomething, readGroupsClaim, type GroupsClaim, type GroupSyncPlan } from '../../domain/groupSync.js';
import { inTransaction } from '../db/transaction.js';
import type { AppDeps } from '../deps.js';
import { syncGroups } from '../features/groupSync/groupSync.service.js';
import { upsertOidcUser } from '../features/users/users.repo.js';
import type { GroupsEvidence, OidcIdentity } from './oidc.js';

/**
 * The person an OpenID Connect sign-in names: created or updated and, when OIDC_GROUPS_CLAIM is set,
 * their group-managed roles and group-linked teams brought in line with the claim, in one transaction
 * (a failure leaves both as they were). Answers the person's id.
 */
export async function signInOidcUser(deps: AppDeps, identity: OidcIdentity, log: FastifyBaseLogger): Promise<number> {
  const groups = deps.config.oidc?.groups;
  const claim = groups && identity.groups ? readGroupsClaim(identity.groups.value) : undefined;
  const { userId, plan } = await inTransaction(deps.pool, async (db) => {
    const id = await upsertOidcUser(db, identity);
    return { userId: id, plan: groups && claim ? await syncGroups(db, id, claim, groups.roleGroups) : undefined };
  });
  // Logged after the commit: a transaction retried after a deadlock must not log twice.
  if (groups && claim && plan && identity.groups) logSync(log, { userId, claim: groups.claim, evidence: identity.groups }, claim, plan);
  return userId;
}

/** What an IT admin reading the log needs: who, which claim, where it was looked for, and what changed or why not. */
function logSync(log: FastifyBaseLogger, who: { userId: number; claim: string; evidence: GroupsEvidence }, claim: GroupsClaim, plan: GroupSyncPlan): void {
  const { userId, evidence } = who;
  const name = who.claim;
  const where = { userId, claim: name, from: evidence.from, ...(evidence.problem ? { problem: evidence.problem } : {}) };
  if (plan.skipped === 'claim absent') {
    log.warn(where, `The identity provider sent no '${name}' claim: roles and group-linked teams left unchanged`);
  } else if (plan.skipped === 'claim unreadable') {
    log.warn({ ...where, reason: claim.kind === 'unreadable' ? claim.reason : undefined }, `The '${name}' claim could not be read: roles and group-linked teams left unchanged`);
  }
  if (plan.keptLastAdmin) {
    log.warn(where, 'The groups claim would take the Admin role from the last admin: the role was kept. Make someone else an admin, or add this person to an admin group.');
  }
  if (planChangesSomething(plan)) {
    log.info({ ...where, addedRoles: plan.addRoles, removedRoles: plan.removeRoles, joinedTeams: plan.joinTeams, leftTeams: plan.leaveTeams },
      'Roles and teams synced from identity-provider groups');
  }
}
