import { csvLine } from '../../../domain/adminRules.js';
import {
  CANCELLATION_BUCKETS, INSIGHTS_MAX_DAYS, type DailyQuery, type DailyResponse, type DeskHeatQuery, type DeskHeatResponse,
  type InsightsQuery, type InsightsResponse, type UtilisationBucket,
} from '../../../domain/wire/insights.js';
import type { AppDeps } from '../../deps.js';
import { fieldError, notFound } from '../../http/errors.js';
import { readDaily, readDeskHeat, readInsights, type Bucket } from './insights.repo.js';
import type { TagType } from './insightsScope.js';
import { readInsightsSettings } from './insightsSettings.repo.js';
import { shown } from './suppression.js';

const DAY_MS = 86_400_000;

/** A period of site-local days, first to last included, at most a year. */
export function checkPeriod(from: string, to: string): void {
  if (to < from) throw fieldError('to', 'The end date must be on or after the start date');
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days > INSIGHTS_MAX_DAYS) throw fieldError('to', `A period is at most ${INSIGHTS_MAX_DAYS} days`);
}

async function siteOf(deps: AppDeps, siteId: number): Promise<{ title: string; time_zone: string }> {
  const site = (await deps.pool.query<{ title: string; time_zone: string }>('SELECT title, time_zone FROM sites WHERE id = $1 AND deleted_at IS NULL', [siteId])).rows[0];
  if (!site) throw notFound('The site');
  return site;
}

async function tagTypeOf(deps: AppDeps, tagId: number | undefined): Promise<TagType | undefined> {
  if (tagId === undefined) return undefined;
  const tag = (await deps.pool.query<{ type: TagType }>('SELECT type FROM tags WHERE id = $1', [tagId])).rows[0];
  if (!tag) throw notFound('The tag');
  // People are never a group of their own in insights; a site tag adds nothing to a chosen site.
  if (tag.type === 1 || tag.type === 5) throw fieldError('tagId', 'Choose a tag of desks, rooms or floors');
  return tag.type;
}

const hours = (secs: number) => Math.round((secs / 3600) * 100) / 100;
const rate = (booked: number, bookable: number) => (bookable > 0 ? Math.round((booked / bookable) * 10_000) / 10_000 : null);

function bucket(b: Bucket, resources: number, min: number): UtilisationBucket {
  const bookable = b.bookable * resources;
  return {
    Key: b.k,
    BookedHours: shown(hours(b.booked), b.people, min),
    BookableHours: hours(bookable),
    Rate: shown(rate(b.booked, bookable), b.people, min),
  };
}

/** GET /api/insights. */
export async function insights(deps: AppDeps, q: InsightsQuery): Promise<InsightsResponse> {
  checkPeriod(q.from, q.to);
  await siteOf(deps, q.siteId);
  if (q.locationId !== undefined) {
    const ok = (await deps.pool.query('SELECT 1 FROM locations WHERE id = $1 AND site_id = $2 AND deleted_at IS NULL', [q.locationId, q.siteId])).rowCount;
    if (!ok) throw notFound('The floor');
  }
  const tagType = await tagTypeOf(deps, q.tagId);
  const { MinGroupSize: min } = await readInsightsSettings(deps.pool);
  const raw = await readInsights(deps.pool, { kind: q.kind, tagType }, {
    siteId: q.siteId, from: q.from, to: q.to, locationId: q.locationId ?? null, tagId: q.tagId ?? null,
  }, deps.now(), min);
  const c = raw.checkins;
  const byBucket = new Map(raw.cancels.map((x) => [x.bucket, x]));
  return {
    SiteId: q.siteId, TimeZone: raw.tz, From: q.from, To: q.to, Kind: q.kind, MinGroupSize: min, Resources: raw.resources,
    DayStartMinutes: raw.ds, DayEndMinutes: raw.de,
    Total: bucket(raw.total, raw.resources, min),
    ByWeekday: raw.weekday.map((b) => bucket(b, raw.resources, min)),
    ByHour: raw.hour.map((b) => bucket(b, raw.resources, min)),
    PeakByDay: raw.peak.map((d) => ({ Day: d.day, Peak: shown(d.peak, d.people, min), Capacity: raw.resources })),
    CheckIns: {
      Bookings: shown(c.n, c.people, min),
      CheckInRate: shown(c.n > 0 ? Math.round((c.checked / c.n) * 10_000) / 10_000 : null, c.people, min),
      NoShowRate: shown(c.n > 0 ? Math.round((c.noshow / c.n) * 10_000) / 10_000 : null, c.people, min),
    },
    CancellationLeadTimes: CANCELLATION_BUCKETS.map((name) => {
      const x = byBucket.get(name);
      return { Bucket: name, Count: x ? shown(x.n, x.people, min) : null };
    }),
    AttendeesKnown: false,
  };
}

/** GET /api/insights/daily: forecast (booked ahead) and actuals (checked in) per day, in distinct people. */
export async function daily(deps: AppDeps, q: DailyQuery): Promise<DailyResponse> {
  checkPeriod(q.from, q.to);
  const site = await siteOf(deps, q.siteId);
  const { MinGroupSize: min } = await readInsightsSettings(deps.pool);
  const rows = await readDaily(deps.pool, q.siteId, q.from, q.to);
  return {
    SiteId: q.siteId, SiteName: site.title, TimeZone: site.time_zone, MinGroupSize: min,
    Days: rows.map((r) => ({ Day: r.day, BookedAhead: shown(r.ahead, r.ahead, min), Booked: shown(r.booked, r.booked, min), CheckedIn: shown(r.checked, r.checked, min) })),
  };
}

export const DAILY_CSV_HEADER = ['Day', 'Booked ahead', 'Booked now', 'Checked in'];

/** The daily table as CSV for a facilities team: suppressed counts read "fewer than N". */
export function dailyCsv(d: DailyResponse): string {
  const cell = (n: number | null) => (n === null ? `fewer than ${d.MinGroupSize}` : n);
  return csvLine(DAILY_CSV_HEADER) + d.Days.map((r) => csvLine([r.Day, cell(r.BookedAhead), cell(r.Booked), cell(r.CheckedIn)])).join('');
}

/** GET /api/insights/desks: each desk of a floorplan shaded by its utilisation (the heatmap). */
export async function deskHeat(deps: AppDeps, q: DeskHeatQuery): Promise<DeskHeatResponse> {
  checkPeriod(q.from, q.to);
  const fp = (await deps.pool.query<{ site_id: number }>(
    `SELECT l.site_id FROM floorplans f JOIN locations l ON l.id = f.location_id WHERE f.id = $1 AND f.deleted_at IS NULL AND l.deleted_at IS NULL`, [q.floorplanId])).rows[0];
  if (!fp) throw notFound('The floorplan');
  const { MinGroupSize: min } = await readInsightsSettings(deps.pool);
  const raw = await readDeskHeat(deps.pool, q.floorplanId, { siteId: fp.site_id, from: q.from, to: q.to, locationId: null, tagId: null }, deps.now());
  return {
    FloorplanId: q.floorplanId, MinGroupSize: min, BookableHours: hours(raw.bookable),
    Desks: raw.desks.map((d) => ({ DeskId: d.desk_id, DeskName: d.desk_name, Rate: shown(rate(d.booked, raw.bookable), d.people, min) })),
  };
}
