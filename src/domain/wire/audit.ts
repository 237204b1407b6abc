import { z } from 'zod';
import { Id } from './common.js';

/** The audit log of administrative actions and the retention periods (issue 25). */

/** Every action the log records; the screen's filter offers these and the API refuses others. */
export const AUDIT_ACTIONS = [
  'roles.change',
  'team.create', 'team.update', 'team.delete', 'team.members',
  'settings.change', 'retention.change',
  'restrictions.change',
  'closure.create', 'closure.delete',
  'booking.cancel', 'series.cancel',
  'person.erase',
  'display.pair', 'display.unpair',
  'retention.run',
  'forecast.change',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How each action reads on the screen and in the CSV. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'roles.change': 'Roles changed',
  'team.create': 'Team created',
  'team.update': 'Team changed',
  'team.delete': 'Team deleted',
  'team.members': 'Team members changed',
  'settings.change': 'Global settings changed',
  'retention.change': 'Retention periods changed',
  'restrictions.change': 'Access restrictions changed',
  'closure.create': 'Closure created',
  'closure.delete': 'Closure deleted',
  'booking.cancel': 'Booking cancelled by an admin',
  'series.cancel': 'Series cancelled by an admin',
  'person.erase': 'Person erased',
  'display.pair': 'Display paired',
  'display.unpair': 'Display unpaired',
  'retention.run': 'Old bookings anonymised',
  'forecast.change': 'Daily forecast mail turned on or off',
};

export const AUDIT_PAGE_MAX = 200;
export const AUDIT_PAGE_DEFAULT = 50;

const Instant = z.iso.datetime({ offset: true, error: 'must be a date and time like 2030-01-31T09:00:00Z' });

/** Filters shared by the list and the CSV export. A period longer than the kept log is allowed (it is just empty). */
export const AuditFilter = z.object({
  from: Instant.optional(),
  to: Instant.optional(),
  action: z.enum(AUDIT_ACTIONS, { error: 'action must be one of the audited actions' }).optional(),
  actorId: Id.optional(),
});

export const AuditListQuery = AuditFilter.extend({
  /** The NextCursor of the previous page: opaque to callers. */
  cursor: z.string().regex(/^\d{1,16}\.\d{1,19}$/, 'cursor must be a NextCursor this list gave').optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX, `limit must be at most ${AUDIT_PAGE_MAX}`).default(AUDIT_PAGE_DEFAULT),
});
export type AuditListQuery = z.infer<typeof AuditListQuery>;
export type AuditFilter = z.infer<typeof AuditFilter>;

export const AuditChange = z.object({ Before: z.unknown(), After: z.unknown() });

export const AuditEntry = z.object({
  Id: z.number(),
  At: z.string(),
  /** null: the system (the retention job). */
  ActorId: z.number().nullable(),
  /** The actor's name when they acted. */
  ActorName: z.string(),
  Action: z.string(),
  TargetType: z.string(),
  TargetId: z.string().nullable(),
  /** Only the fields that changed. */
  Changes: z.record(z.string(), AuditChange),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = z.object({ Entries: z.array(AuditEntry), NextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;

/** The people who appear as actors in the log (for the actor filter), newest name first. */
export const AuditActors = z.array(z.object({ Id: z.number(), Name: z.string() }));
export type AuditActors = z.infer<typeof AuditActors>;

export const AUDIT_MONTHS_MAX = 120;
export const BOOKING_RETENTION_MONTHS_MAX = 240;

/** The retention periods (admins change them; the privacy page reads them). */
export const RetentionSettings = z.object({
  /** Bookings that started longer ago are anonymised; null = kept until erased (off). */
  BookingRetentionMonths: z.number().int().min(1, 'Keep bookings at least 1 month').max(BOOKING_RETENTION_MONTHS_MAX, `At most ${BOOKING_RETENTION_MONTHS_MAX} months`).nullable(),
  AuditRetentionMonths: z.number().int().min(1, 'Keep the audit log at least 1 month').max(AUDIT_MONTHS_MAX, `At most ${AUDIT_MONTHS_MAX} months`),
});
export type RetentionSettings = z.infer<typeof RetentionSettings>;
