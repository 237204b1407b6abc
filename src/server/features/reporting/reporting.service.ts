import { Readable } from 'node:stream';
import { csvLine, isCalendarDay, REPORT_ALL_LABELS, type ReportFilter } from '../../../domain/adminRules.js';
import { isoWithOffset } from '../../../domain/dateFormat.js';
import { bookingStatusInWords, isBookingStatus } from '../../../domain/bookingStatus.js';
import type { StatsResponse } from '../../../domain/wire/admin.js';
import type { AppDeps } from '../../deps.js';
import { fieldError, notFound } from '../../http/errors.js';
import { countGroups, exportRows, tagById, taggedGroups, type Group, type ReportRange, type TagType } from './reporting.repo.js';

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A bound: a calendar day (YYYY-MM-DD), or an ISO 8601 date-time with an offset. */
function parseBound(field: 'from' | 'to', raw: string): { value: string; isDay: boolean; instant: number } {
  const s = raw.trim();
  if (isCalendarDay(s)) return { value: s, isDay: true, instant: Date.parse(`${s}T00:00:00Z`) };
  if (DATE_TIME.test(s) && !Number.isNaN(Date.parse(s))) return { value: s, isDay: false, instant: Date.parse(s) };
  throw fieldError(field, `${field === 'from' ? 'The start' : 'The end'} must be a date (YYYY-MM-DD) or an ISO 8601 date-time with an offset`);
}

export function parseRange(from: string, to: string): ReportRange {
  const f = parseBound('from', from);
  const t = parseBound('to', to);
  // Days compare as days; otherwise as instants (a day standing for its UTC midnight is close enough to refuse nonsense).
  const backwards = f.isDay && t.isDay ? t.value < f.value : t.instant < f.instant;
  if (backwards) throw fieldError('to', 'The end date must be on or after the start date');
  return { from: f.value, fromIsDay: f.isDay, to: t.value, toIsDay: t.isDay };
}

async function resolveTag(deps: AppDeps, filter: ReportFilter, tagId: number) {
  if (filter !== 'tag') return undefined;
  if (tagId === 0) throw fieldError('tagId', 'Please choose a tag');
  const tag = await tagById(deps.pool, tagId);
  if (!tag) throw notFound('The tag');
  return tag as { id: number; type: TagType };
}

/**
 * Group ids to labels. Labels are names people gave (sites, locations, rooms, desks, people), so two
 * groups may share one; the later ones get their id appended to keep every key of the map distinct.
 */
function labelled(groups: { gid: string; label: string }[]): Map<string, string> {
  const byLabel = new Map<string, number>();
  const sorted = [...groups].sort((a, b) => a.label.localeCompare(b.label) || a.gid.localeCompare(b.gid, undefined, { numeric: true }));
  const out = new Map<string, string>();
  for (const g of sorted) {
    const seen = byLabel.get(g.label) ?? 0;
    byLabel.set(g.label, seen + 1);
    out.set(g.gid, seen === 0 ? g.label : `${g.label} (#${g.gid})`);
  }
  return out;
}

interface Report { labels: Map<string, string>; counts: Map<string, number> }

async function buildReport(deps: AppDeps, filter: ReportFilter, range: ReportRange, tag: Awaited<ReturnType<typeof resolveTag>>): Promise<Report> {
  const groups: Group[] = await countGroups(deps.pool, range, filter, tag);
  const counts = new Map(groups.map((g) => [g.gid, g.n]));
  if (filter === 'all') {
    return { labels: new Map([['desk', REPORT_ALL_LABELS.desk], ['room', REPORT_ALL_LABELS.room]]), counts };
  }
  const all = new Map(groups.map((g) => [g.gid, g.label]));
  if (tag) for (const t of await taggedGroups(deps.pool, tag)) if (!all.has(t.gid)) all.set(t.gid, t.label);
  return { labels: labelled([...all].map(([gid, label]) => ({ gid, label }))), counts };
}

/**
 * GET /api/bookings/stats/filter/{filter}/{tagId}/from/{from}/to/{to}: label -> count of active
 * bookings starting in the range. all: 'Desk bookings' and 'Room bookings'; desk: per
 * 'Site / Location'; room: per 'Site / Location / Room'; tag: per tagged thing (person, desk, room,
 * location or site, by the tag's type), including those with no bookings.
 */
export async function stats(deps: AppDeps, filter: ReportFilter, tagId: number, from: string, to: string): Promise<StatsResponse> {
  const range = parseRange(from, to);
  const tag = await resolveTag(deps, filter, tagId);
  const { labels, counts } = await buildReport(deps, filter, range, tag);
  const out: StatsResponse = {};
  for (const [gid, label] of labels) out[label] = counts.get(gid) ?? 0;
  return out;
}

/** Start and Finish: ISO 8601 on the site's clock with its offset (dateFormat.ts isoWithOffset), as in the My Bookings file. */
export const EXPORT_HEADER = ['Label', 'BookingId', 'Kind', 'Site', 'Location', 'Desk or room', 'Start', 'Finish', 'Time Zone', 'Status', 'Booked by', 'Booked by e-mail', 'On behalf of'];

/**
 * GET /api/bookings/export/filter/...: the bookings behind the report's counts, one CSV line each,
 * with the label they were counted under (so a pivot of the file gives the same numbers). Streamed.
 */
export async function exportCsv(deps: AppDeps, filter: ReportFilter, tagId: number, from: string, to: string): Promise<{ stream: Readable; filename: string }> {
  const range = parseRange(from, to);
  const tag = await resolveTag(deps, filter, tagId);
  const { labels } = await buildReport(deps, filter, range, tag);
  async function* lines() {
    yield csvLine(EXPORT_HEADER);
    for await (const batch of exportRows(deps.pool, range, filter, tag)) {
      yield batch.map((r) => csvLine([
        labels.get(r.gid) ?? r.gid, r.id, r.kind, r.site, r.location, r.resource, isoWithOffset(r.starts_at, r.time_zone), isoWithOffset(r.finishes_at, r.time_zone), r.time_zone,
        isBookingStatus(r.status) ? bookingStatusInWords(r.status) : r.status, r.booked_by, r.booked_by_email, r.on_behalf_of,
      ])).join('');
    }
  }
  const safe = (s: string) => s.replace(/[^0-9A-Za-z-]/g, '').slice(0, 30);
  return { stream: Readable.from(lines()), filename: `bookings-${filter}${tag ? `-${tag.id}` : ''}-${safe(range.from)}-${safe(range.to)}.csv` };
}


