import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { linkRefusal, type LinkRefusal } from '../../domain/oidcLink.js';
import { planChangesSomething, readGroupsClaim, type GroupsClaim, type GroupSyncPlan } from '../../domain/groupSync.js';
import { inTransaction } from '../db/transaction.js';
import type { AppDeps } from '../deps.js';
import { syncGroups } from '../features/groupSync/groupSync.service.js';
import { emailHeldByOther, findLinkCandidate, findOidcUser, findUserByEmail, insertOidcUser, linkOidcIdentity, updateOidcUser } from '../features/users/users.repo.js';
import type { GroupsEvidence, OidcIdentity } from './oidc.js';

/** The sign-in's outcome: the person signed in, or a link by e-mail refused (no one is signed in). */
export type OidcSignIn = { userId: number } | { refused: LinkRefusal; existingUserId: number };

/**
 * The person an OpenID Connect sign-in names, found by the provider's stable subject (issuer + sub),
 * never by e-mail. A new subject is linked to the existing person holding its address only when
 * domain/oidcLink.ts allows it, else a new person is created (when the address is free) or the
 * sign-in is refused. When OIDC_GROUPS_CLAIM is set, the person's group-managed roles and group-linked
 * teams are brought in line with the claim in the same transaction (a failure leaves both as they were).
 */
export async function signInOidcUser(deps: AppDeps, identity: OidcIdentity, log: FastifyBaseLogger): Promise<OidcSignIn> {
  const groups = deps.config.oidc?.groups;
  const allowedDomains = deps.config.oidc?.allowedEmailDomains;
  const claim = groups && identity.groups ? readGroupsClaim(identity.groups.value) : undefined;
  // Whether the provider vouches for the address may cost a userinfo call: asked before the transaction
  // (no row lock held over a network call), and only when it may matter: a new identity whose address
  // someone holds. (Should that change meanwhile, the link is refused, never made unverified.)
  const mayLink = !(await findOidcUser(deps.pool, identity.issuer, identity.subject, false)) && (await findUserByEmail(deps.pool, identity.email)) !== undefined;
  const verified = mayLink && await identity.emailVerified();
  const result = await inTransaction(deps.pool, async (db) => {
    const found = await findOrLinkOidcUser(db, identity, { verified, allowedDomains });
    if ('refused' in found) return { found };
    const plan = groups && claim ? await syncGroups(db, found.userId, claim, groups.roleGroups) : undefined;
    return { found, plan };
  });
  // Logged after the commit: a transaction retried after a deadlock must not log twice.
  const { found, plan } = result;
  const who = { issuer: identity.issuer, subject: identity.subject };
  if ('refused' in found) {
    log.warn({ ...who, existingUserId: found.existingUserId, reason: found.refused },
      'OpenID Connect sign-in refused: a new identity names the e-mail address of an existing person, and may not be linked to them');
    return { refused: found.refused, existingUserId: found.existingUserId };
  }
  if (found.keptEmail) {
    log.warn({ ...who, userId: found.userId },
      'The identity provider sent a new e-mail address that another person holds: the old address was kept');
  }
  if (found.mismatch) log.warn({ ...who, userId: found.userId, field: found.mismatch }, 'The identity provider sent another Entra ID tenant or object id than the one recorded for this person: the recorded one was kept');
  if (found.linked) log.info({ ...who, userId: found.userId }, 'OpenID Connect identity linked to an existing person by their verified e-mail address');
  if (groups && claim && plan && identity.groups) logSync(log, { userId: found.userId, claim: groups.claim, evidence: identity.groups }, claim, plan);
  return { userId: found.userId };
}

type Found = { userId: number; linked?: boolean; keptEmail?: boolean; mismatch?: 'tid' | 'oid' } | { refused: LinkRefusal; existingUserId: number };

async function findOrLinkOidcUser(db: pg.PoolClient, identity: OidcIdentity, evidence: { verified: boolean; allowedDomains: string[] | undefined }): Promise<Found> {
  const row = { issuer: identity.issuer, subject: identity.subject, email: identity.email, fullName: identity.fullName, tenantId: identity.tenantId, objectId: identity.objectId };
  // Twice at most: a first sign-in racing another one for the same identity or address sees it the second time.
  for (let attempt = 1; ; attempt++) {
    const known = await findOidcUser(db, identity.issuer, identity.subject);
    if (known) {
      // Known by subject: still the same person, whatever the address now says. The address follows
      // unless someone else holds it.
      const changed = known.email !== identity.email;
      const keptEmail = changed && await emailHeldByOther(db, identity.email, known.id);
      await updateOidcUser(db, known.id, { ...row, email: changed && !keptEmail ? identity.email : undefined });
      const mismatch = known.oidc_tenant && identity.tenantId && known.oidc_tenant !== identity.tenantId ? 'tid'
        : known.oidc_object_id && identity.objectId && known.oidc_object_id !== identity.objectId ? 'oid' : undefined;
      return { userId: known.id, keptEmail, ...(mismatch ? { mismatch } : {}) };
    }
    const holder = await findLinkCandidate(db, identity.email);
    if (holder) {
      const refused = linkRefusal(holder, { email: identity.email, emailFrom: identity.emailFrom, ...evidence });
      if (refused) return { refused, existingUserId: holder.id };
      await linkOidcIdentity(db, holder.id, row);
      return { userId: holder.id, linked: true };
    }
    const created = await insertOidcUser(db, row);
    if (created !== undefined) return { userId: created };
    if (attempt >= 2) throw new Error('The person could not be created: the identity or the address was taken at the same moment.');
  }
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
