import { AUDIT_ACTION_LABELS, type AuditAction, type AuditEntry } from '../../../domain/wire/audit.js';

/** How the audit log's entries read on the screen. */

export const actionLabel = (action: string): string => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;

const TARGET_WORDS: Record<string, string> = {
  user: 'Person', team: 'Team', settings: 'Global settings', site: 'Site', location: 'Location', room: 'Room',
  closure: 'Closure', booking: 'Booking', series: 'Series', bookings: 'Bookings', display: 'Display',
};

export function targetText(e: Pick<AuditEntry, 'TargetType' | 'TargetId'>): string {
  const word = TARGET_WORDS[e.TargetType] ?? e.TargetType;
  return e.TargetId === null ? word : `${word} #${e.TargetId}`;
}

/** The shared date formatter's two methods a change needs (useDateFormat), so dates read as on every other screen. */
export interface ChangeDates { calendarDay: (date: string) => string; dayTime: (d: string) => string }

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A value in a change: dates in the reader's format, other text as is, nothing as a dash, lists and objects compact. */
export function valueText(v: unknown, dates: ChangeDates): string {
  if (v === null || v === undefined || v === '') return '–';
  if (typeof v === 'string') return CALENDAR_DAY.test(v) ? dates.calendarDay(v) : INSTANT.test(v) ? dates.dayTime(v) : v;
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (Array.isArray(v) && v.every((x) => typeof x !== 'object')) return v.length === 0 ? 'none' : v.map((x) => valueText(x, dates)).join('; ');
  return JSON.stringify(v);
}

/** Field names as words: 'RoomBookingEnabled' -> 'Room booking enabled'. */
export const fieldText = (name: string): string =>
  name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z])([A-Z][a-z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase())
    .replace(/ ([A-Z])(?=[a-z])/g, (_m, c: string) => ` ${c.toLowerCase()}`);

export interface ChangeLine { field: string; before: string; after: string; fact: boolean }

/** One line per changed field; a fact (no before) reads "Field: value". */
export const changeLines = (e: Pick<AuditEntry, 'Changes'>, dates: ChangeDates): ChangeLine[] =>
  Object.entries(e.Changes).map(([k, c]) => ({
    field: fieldText(k), before: valueText(c.Before, dates), after: valueText(c.After, dates), fact: c.Before === null && c.After !== null,
  }));
