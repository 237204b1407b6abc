import type pg from 'pg';
import type { AuditAction } from '../../../domain/wire/audit.js';
import { changedFields, type AuditRecord } from './auditChanges.js';

/** Who acted: a signed-in person (their name as it is now is kept with the entry), or the system. */
export type AuditActor = { id: number; fullName: string; email?: string } | 'system';

export interface AuditInput {
  actor: AuditActor;
  action: AuditAction;
  target: { type: string; id: string | number | null };
  /** The changed thing's fields before and after; only the fields that differ are kept (auditChanges.ts). */
  before?: AuditRecord | null;
  after?: AuditRecord | null;
  /** Facts that are not a before/after (a reason, counts): kept as {Before: null, After: value}. */
  facts?: AuditRecord;
}

export const SYSTEM_ACTOR_NAME = 'Hotdesk (automatic)';

/**
 * Records one administrative action in the audit log. Pass the action's own transaction client, so
 * the entry commits or rolls back with the action. An update that changed nothing (before and after
 * both given and equal, no facts) records nothing and answers false.
 *
 * Usage, one line inside a service (see docs in the audit-retention notes):
 *   await recordAudit(client, { actor: user, action: 'display.pair', target: { type: 'room', id: roomId }, after: { DisplayId: d.id } });
 */
export async function recordAudit(db: pg.Pool | pg.PoolClient, entry: AuditInput): Promise<boolean> {
  const changes = { ...changedFields(entry.before, entry.after), ...changedFields(undefined, entry.facts) };
  const isUpdate = entry.before != null && entry.after != null;
  if (isUpdate && Object.keys(changes).length === 0) return false;
  const person = entry.actor === 'system' ? undefined : entry.actor;
  const actorName = person ? (person.fullName.trim() || person.email || `Person ${person.id}`) : SYSTEM_ACTOR_NAME;
  await db.query(
    'INSERT INTO audit_log (actor_id, actor_name, action, target_type, target_id, changes) VALUES ($1, left($2, 400), $3, $4, $5, $6)',
    [person?.id ?? null, actorName, entry.action, entry.target.type, entry.target.id === null ? null : String(entry.target.id), JSON.stringify(changes)],
  );
  return true;
}
