import type { RetentionSettings } from '../../../domain/wire/audit.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { inTransaction } from '../../db/transaction.js';
import { pruneAudit } from '../audit/audit.repo.js';
import { recordAudit } from '../audit/recordAudit.js';
import { addToDailyRun, anonymiseBatch, claimDailyRun, ensureFormerMember, pruneDailyRuns, readRetention, writeRetention, type RetentionBatch } from './retention.repo.js';

export const BOOKING_RETENTION_JOB = 'booking-retention';
export const AUDIT_PRUNE_JOB = 'audit-prune';
/** Bookings per transaction: each batch's live notices and row locks stay small. */
export const RETENTION_BATCH = 2_000;

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The start of the kept period: `months` calendar months before now (UTC). */
export function cutoffFor(now: Date, months: number): Date {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

export const retentionSettings = (deps: Pick<AppDeps, 'pool'>): Promise<RetentionSettings> => readRetention(deps.pool);

/** PUT /api/admin/retention: saves both periods, audited with what changed. */
export async function saveRetentionSettings(deps: Pick<AppDeps, 'pool'>, admin: SessionUser, next: RetentionSettings): Promise<RetentionSettings> {
  return inTransaction(deps.pool, async (db) => {
    const before = await readRetention(db, true);
    await writeRetention(db, next);
    await recordAudit(db, { actor: admin, action: 'retention.change', target: { type: 'settings', id: null }, before, after: next });
    return next;
  });
}

export interface RetentionRun { ran: boolean; anonymised: number }

/**
 * The daily booking retention: when a period is set, bookings that started before it are anonymised
 * (anonymiseBatch), batch by batch, and the run leaves one summary entry in the audit log. Only the
 * instance that claims the day runs it; the statement itself is also safe against a concurrent run,
 * so a booking is anonymised exactly once. A run cut short (the instance stops) leaves the rest to the
 * next day's run, which takes everything older than the cutoff.
 */
export async function runBookingRetention(deps: Pick<AppDeps, 'pool' | 'now'>, batchSize = RETENTION_BATCH): Promise<RetentionRun> {
  const now = deps.now();
  const { BookingRetentionMonths: months } = await readRetention(deps.pool);
  if (months === null) return { ran: false, anonymised: 0 };
  const day = dayOf(now);
  if (!(await claimDailyRun(deps.pool, BOOKING_RETENTION_JOB, day))) return { ran: false, anonymised: 0 };
  const cutoff = cutoffFor(now, months);
  const formerMember = await ensureFormerMember(deps.pool);
  let total = 0;
  let from: RetentionBatch['last'];
  for (;;) {
    const batch = await inTransaction(deps.pool, async (db) => {
      const b = await anonymiseBatch(db, formerMember, cutoff, now, batchSize, from);
      await addToDailyRun(db, BOOKING_RETENTION_JOB, day, b.count);
      return b;
    });
    total += batch.count;
    from = batch.last;
    if (batch.count < batchSize) break;
  }
  await recordAudit(deps.pool, {
    actor: 'system', action: 'retention.run', target: { type: 'bookings', id: null },
    facts: { BookingsAnonymised: total, StartedBefore: cutoff.toISOString(), RetentionMonths: months },
  });
  return { ran: true, anonymised: total };
}

/** The daily audit-log pruning: entries older than the kept period go (one statement; safe on every instance). */
export async function runAuditPrune(deps: Pick<AppDeps, 'pool' | 'now'>): Promise<number> {
  const now = deps.now();
  if (!(await claimDailyRun(deps.pool, AUDIT_PRUNE_JOB, dayOf(now)))) return 0;
  const { AuditRetentionMonths: months } = await readRetention(deps.pool);
  const pruned = await pruneAudit(deps.pool, months, now);
  await pruneDailyRuns(deps.pool, now);
  return pruned;
}
