/**
 * Pure rules of the administration screens (issue 6): profile saving, the reporting and booking search
 * date ranges, the bulk cancellation outcome, and CSV cells. The server and the screens share them.
 */

// ---------- My profile (SPEC 5: 'Profile Save is enabled only when full name, organisation and phone
// are non-empty and the Teams flag is set') ----------

export interface ProfileDraft {
  FullName: string;
  Organisation: string;
  Phone: string;
  /** Whether the person uses Microsoft Teams; null while not answered yet. */
  UseTeams: boolean | null | undefined;
}

export const PROFILE_MESSAGES = {
  FullName: 'Full name is mandatory',
  Organisation: 'Organisation is mandatory',
  Phone: 'Phone is mandatory',
  UseTeams: 'Please say whether you use Teams',
} as const;

/** The broken rules of a profile, field by field (empty when it may be saved). */
export function profileProblems(p: ProfileDraft): Partial<Record<keyof ProfileDraft, string>> {
  const out: Partial<Record<keyof ProfileDraft, string>> = {};
  if (!p.FullName?.trim()) out.FullName = PROFILE_MESSAGES.FullName;
  if (!p.Organisation?.trim()) out.Organisation = PROFILE_MESSAGES.Organisation;
  if (!p.Phone?.trim()) out.Phone = PROFILE_MESSAGES.Phone;
  if (typeof p.UseTeams !== 'boolean') out.UseTeams = PROFILE_MESSAGES.UseTeams;
  return out;
}
export const canSaveProfile = (p: ProfileDraft): boolean => Object.keys(profileProblems(p)).length === 0;

/** Profile photos: small raster images only (SVG can carry script). */
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const PHOTO_MAX_BYTES = 256 * 1024;
export const PHOTO_MESSAGES = {
  type: 'The photo must be a PNG, JPEG, GIF or WebP image',
  size: `The photo must be at most ${PHOTO_MAX_BYTES / 1024} KB`,
  data: 'The photo data is not a valid image',
} as const;

// ---------- Dates as calendar days ('YYYY-MM-DD') ----------

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
export const isCalendarDay = (s: string): boolean => {
  const m = DAY.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
};
/** `day` plus `n` days, as a calendar day. */
export const addDays = (day: string, n: number): string => {
  const m = DAY.exec(day);
  if (!m) throw new RangeError(`Not a YYYY-MM-DD date: ${day}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + n)).toISOString().slice(0, 10);
};
/** Whole days from a to b (b - a). */
export const daysBetween = (a: string, b: string): number =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** SPEC 9: booking search defaults to today .. today + 7 days. */
export const SEARCH_DEFAULT_DAYS = 7;
export const defaultSearchRange = (today: string): { from: string; to: string } => ({ from: today, to: addDays(today, SEARCH_DEFAULT_DAYS) });
/** The widest booking search and report, in days (a guard against accidental decade-long queries). */
export const SEARCH_MAX_DAYS = 366;

/** SPEC 9: reporting defaults to the current month (first .. last day). */
export function currentMonthRange(today: string): { from: string; to: string } {
  const from = `${today.slice(0, 8)}01`;
  const nextMonth = (() => {
    const y = Number(today.slice(0, 4));
    const m = Number(today.slice(5, 7));
    return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  })();
  return { from, to: addDays(nextMonth, -1) };
}

/** SPEC 5: 'the end date is kept at or after the start date'. Changing the start pulls the end along. */
export const keepEndAtOrAfterStart = (from: string, to: string): { from: string; to: string } =>
  ({ from, to: to < from ? from : to });

// ---------- Reporting ----------

export const REPORT_FILTERS = ['all', 'desk', 'room', 'tag'] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];
export const REPORT_ALL_LABELS = { desk: 'Desk bookings', room: 'Room bookings' } as const;

// ---------- Bulk cancellation (SPEC 4 'Administrator cancellation', 8) ----------

export const CANCEL_MESSAGES = {
  all: 'All selected bookings cancelled.',
  none: 'Unable to cancel bookings',
} as const;

export function bulkCancelOutcome(cancelled: number, total: number): { kind: 'all' | 'none' | 'partial'; message: string } {
  if (total > 0 && cancelled === total) return { kind: 'all', message: CANCEL_MESSAGES.all };
  if (cancelled === 0) return { kind: 'none', message: CANCEL_MESSAGES.none };
  return { kind: 'partial', message: `${cancelled} out of ${total} bookings cancelled. There were issues cancelling the remaining bookings` };
}

/** SPEC 5: the cancellation reason dialog's Save is disabled while the reason is empty. */
export const canSaveCancellationReason = (reason: string): boolean => reason.trim().length > 0;

// ---------- CSV ----------

/**
 * One CSV cell (RFC 4180 quoting). Cells that a spreadsheet would run as a formula (=, +, -, @,
 * tab, carriage return at the start) get a leading apostrophe: exports carry names people typed.
 */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
export const csvLine = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`;
