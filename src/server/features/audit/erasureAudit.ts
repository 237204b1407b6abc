import type pg from 'pg';
import { forgetActorName } from './audit.repo.js';
import { recordAudit, type AuditActor } from './recordAudit.js';

const ERASED_ACTOR_NAME = 'Former member';

/**
 * An erasure's audit entry (ids and counts only: the name and address are what was erased), and the
 * erased person's name removed from the entries they wrote as an admin. Both in the erasure's transaction.
 */
export async function recordErasure(db: pg.PoolClient, admin: Exclude<AuditActor, 'system'>, userId: number, erased: Record<string, number | boolean>): Promise<void> {
  await forgetActorName(db, userId, ERASED_ACTOR_NAME);
  await recordAudit(db, { actor: admin, action: 'person.erase', target: { type: 'user', id: userId }, facts: erased });
}
