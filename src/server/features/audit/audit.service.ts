import { AUDIT_ACTION_LABELS, type AuditAction, type AuditActors, type AuditEntry, type AuditFilter, type AuditListQuery, type AuditPage } from '../../../domain/wire/audit.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { badInput } from '../../http/errors.js';
import { countRead } from '../../http/perPersonLimit.js';
import { toCsv } from '../myBookings/csv.js';
import { auditActors, auditForExport, auditPage } from './audit.repo.js';

/** Exports per admin and minute: each one reads up to EXPORT_MAX_ROWS rows. */
export const EXPORTS_PER_MINUTE = 5;
export const EXPORT_MAX_ROWS = 100_000;
const ACTORS_MAX = 500;
export const PERIOD_BACKWARDS = 'The period ends before it starts.';

function checkPeriod(f: AuditFilter): void {
  if (f.from && f.to && Date.parse(f.to) <= Date.parse(f.from)) throw badInput(PERIOD_BACKWARDS, { to: PERIOD_BACKWARDS });
}

export async function listAudit(deps: AppDeps, q: AuditListQuery): Promise<AuditPage> {
  checkPeriod(q);
  const [atUs, id] = q.cursor ? q.cursor.split('.') : [];
  const page = await auditPage(deps.pool, q, atUs && id ? { atUs, id } : undefined, q.limit);
  return { Entries: page.entries, NextCursor: page.next };
}

export const listActors = (deps: AppDeps): Promise<AuditActors> => auditActors(deps.pool, ACTORS_MAX);

/** "Field: before → after; …": how a change reads in one spreadsheet cell. */
function changesText(e: AuditEntry): string {
  const show = (v: unknown) => (v === null || v === undefined ? '–' : typeof v === 'string' ? v : JSON.stringify(v));
  return Object.entries(e.Changes).map(([k, c]) => `${k}: ${show(c.Before)} → ${show(c.After)}`).join('; ');
}

/** The CSV export: the filtered log, newest first, times in UTC (ISO 8601), changes as JSON and as text. */
export async function auditCsv(deps: AppDeps, admin: SessionUser, f: AuditFilter): Promise<{ body: string; cut: boolean }> {
  checkPeriod(f);
  await countRead(deps.pool, 'audit-export', admin.id, EXPORTS_PER_MINUTE);
  const rows = await auditForExport(deps.pool, f, EXPORT_MAX_ROWS + 1);
  const kept = rows.slice(0, EXPORT_MAX_ROWS);
  const body = toCsv(
    ['Id', 'At (UTC)', 'ActorId', 'Actor', 'Action', 'ActionName', 'TargetType', 'TargetId', 'Changes', 'ChangesJson'],
    kept.map((e) => [e.Id, e.At, e.ActorId, e.ActorName, e.Action, AUDIT_ACTION_LABELS[e.Action as AuditAction] ?? e.Action,
      e.TargetType, e.TargetId, changesText(e), JSON.stringify(e.Changes)]),
  );
  return { body, cut: rows.length > EXPORT_MAX_ROWS };
}
