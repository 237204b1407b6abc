import type pg from 'pg';
import type { AuditEntry, AuditFilter } from '../../../domain/wire/audit.js';

/** Reading and pruning the audit log (migration 0031). Writing is recordAudit.ts. */

interface Row { id: string; at: Date; at_us: string; actor_id: number | null; actor_name: string; action: string; target_type: string; target_id: string | null; changes: AuditEntry['Changes'] }

const toEntry = (r: Row): AuditEntry => ({
  Id: Number(r.id), At: r.at.toISOString(), ActorId: r.actor_id, ActorName: r.actor_name, Action: r.action,
  TargetType: r.target_type, TargetId: r.target_id, Changes: r.changes,
});

/** The filters as SQL with parameters from $1; `extra` conditions come after. */
function where(f: AuditFilter, extra: string[] = [], values: unknown[] = []): { sql: string; values: unknown[] } {
  const conds = [...extra];
  const vals = [...values];
  const add = (cond: (n: string) => string, v: unknown) => { vals.push(v); conds.push(cond(`$${vals.length}`)); };
  if (f.from) add((p) => `at >= ${p}::timestamptz`, f.from);
  if (f.to) add((p) => `at < ${p}::timestamptz`, f.to);
  if (f.action) add((p) => `action = ${p}`, f.action);
  if (f.actorId) add((p) => `actor_id = ${p}`, f.actorId);
  return { sql: conds.length ? `WHERE ${conds.join(' AND ')}` : '', values: vals };
}

const COLUMNS = `id, at, (extract(epoch FROM at) * 1000000)::bigint AS at_us, actor_id, actor_name, action, target_type, target_id, changes`;

/**
 * One page, newest first. The cursor is the last entry's (at in microseconds, id): the next page starts
 * strictly after it, so entries written meanwhile never shift or repeat a page.
 */
export async function auditPage(db: pg.Pool, f: AuditFilter, after: { atUs: string; id: string } | undefined, limit: number): Promise<{ entries: AuditEntry[]; next: string | null }> {
  const cursor = after
    ? where(f, ["(at, id) < ('epoch'::timestamptz + $1::bigint * interval '1 microsecond', $2::bigint)"], [after.atUs, after.id])
    : where(f);
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM audit_log ${cursor.sql} ORDER BY at DESC, id DESC LIMIT ${limit + 1}`, cursor.values);
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { entries: page.map(toEntry), next: more && last ? `${last.at_us}.${last.id}` : null };
}

/** Every matching entry, newest first, at most `max` (the export says when it was cut). */
export async function auditForExport(db: pg.Pool, f: AuditFilter, max: number): Promise<AuditEntry[]> {
  const w = where(f);
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM audit_log ${w.sql} ORDER BY at DESC, id DESC LIMIT ${max}`, w.values);
  return rows.map(toEntry);
}

/** The people who acted, each with the name of their latest entry (the actor filter's choices). */
export async function auditActors(db: pg.Pool, max: number): Promise<{ Id: number; Name: string }[]> {
  const { rows } = await db.query<{ id: number; name: string }>(
    `SELECT DISTINCT ON (actor_id) actor_id AS id, actor_name AS name FROM audit_log WHERE actor_id IS NOT NULL
     ORDER BY actor_id, at DESC LIMIT ${max}`);
  return rows.map((r) => ({ Id: r.id, Name: r.name })).sort((a, b) => a.Name.localeCompare(b.Name));
}

/** Deletes entries older than the kept period; one statement, so every instance may run it at once. */
export async function pruneAudit(db: pg.Pool | pg.PoolClient, months: number, now: Date): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM audit_log WHERE at < $1::timestamptz - make_interval(months => $2)`, [now, months]);
  return rowCount ?? 0;
}

/**
 * An erased person's name leaves the entries they wrote as an actor (the id stays, so their actions
 * remain traceable to one account): erasure removes the name everywhere (docs/decisions.md).
 */
export async function forgetActorName(db: pg.PoolClient, userId: number, replacement: string): Promise<number> {
  const { rowCount } = await db.query('UPDATE audit_log SET actor_name = $2 WHERE actor_id = $1', [userId, replacement]);
  return rowCount ?? 0;
}
