import type pg from 'pg';

/**
 * Generated bookings for the insights tests, described on the site's wall clock (day + minutes), so
 * the expected figures (insightsExpected.ts) are plain arithmetic on these rows, independent of the SQL.
 * Rows are written straight into the table with their instants computed by PostgreSQL from the zone.
 */
export interface GenBooking {
  id?: number; startsAt?: Date;
  person: string; floorplanId: number; deskId: string;
  startDay: string; startMin: number; endDay: string; endMin: number;
  status: 0 | 1 | 3 | 4;
  createdDay: string; createdMin: number;
  cancelledDay?: string; cancelledMin?: number;
  checkedIn: boolean;
}

/** A tiny seeded generator, so a failing run can be repeated. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x ^= x + Math.imul(x ^ (x >>> 7), 61 | x);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
export const daysOf = (from: string, to: string): string[] => {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
};
/** ISO weekday, 1 Monday to 7 Sunday. */
export const isoDow = (day: string): number => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
const local = (day: string, min: number) => `${addDays(day, Math.floor(min / 1440))} ${String(Math.floor((min % 1440) / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;

/**
 * Each day of the period, each person (except the first, kept for bookings across midnight) has at most
 * one desk, and no desk two people: every exclusion constraint holds. Times are quarter hours from
 * 06:00 to 21:00 (some outside the site's day, to test clipping). Days in `skip` get no active bookings
 * (a closure). Cancellation leads stay an hour clear of the bucket edges, so daylight saving cannot
 * move a booking between buckets.
 */
export function generate(o: { rand: () => number; people: string[]; desks: { floorplanId: number; deskId: string }[]; from: string; to: string; skip?: string[] }): GenBooking[] {
  const out: GenBooking[] = [];
  const LEADS = [-30, 30, 300, 3 * 1440 + 120, 10 * 1440];
  for (const day of daysOf(o.from, o.to)) {
    const desks = [...o.desks.slice(1)].sort(() => o.rand() - 0.5);
    o.people.slice(1).forEach((person, i) => {
      if (o.rand() < 0.3 || i >= desks.length) return;
      const startMin = 360 + 15 * Math.floor(o.rand() * 48); // 06:00 .. 17:45
      const endMin = Math.min(startMin + 15 * (1 + Math.floor(o.rand() * 40)), 1260); // up to 21:00
      const roll = o.rand();
      let status: GenBooking['status'] = roll < 0.75 ? 1 : roll < 0.82 ? 0 : roll < 0.93 ? 3 : 4;
      if (o.skip?.includes(day) && status !== 3) status = 3;
      const ahead = Math.floor(o.rand() * 4); // created 0 to 3 days before
      const b: GenBooking = {
        person, ...desks[i]!, startDay: day, startMin, endDay: day, endMin, status,
        createdDay: addDays(day, -ahead), createdMin: ahead === 0 ? Math.max(0, startMin - 60) : 600,
        checkedIn: status === 1 && o.rand() < 0.5,
      };
      if (status === 3) {
        const lead = LEADS[Math.floor(o.rand() * LEADS.length)]!;
        const at = startMin - lead; // minutes relative to the start day's midnight
        b.cancelledDay = addDays(day, Math.floor(at / 1440));
        b.cancelledMin = ((at % 1440) + 1440) % 1440;
      }
      out.push(b);
    });
  }
  return out;
}

export async function insertGenerated(pool: pg.Pool, site: { id: number; locationId: number; tz: string }, userId: number, rows: GenBooking[]): Promise<void> {
  for (const b of rows) {
    const { rows: r } = await pool.query<{ id: number; starts_at: Date }>(
      `INSERT INTO bookings (site_id, location_id, floorplan_id, desk_id, desk_name, starts_at, finishes_at, booked_by_user_id, holder_key, status,
         created_at, cancelled_at, checked_in_at, description)
       VALUES ($1, $2, $3, $4, $4, $5::timestamp AT TIME ZONE $12, $6::timestamp AT TIME ZONE $12, $7, $8, $9,
         $10::timestamp AT TIME ZONE $12, $11::timestamp AT TIME ZONE $12, CASE WHEN $13 THEN $5::timestamp AT TIME ZONE $12 END, 'Generated')
       RETURNING id, starts_at`,
      [site.id, site.locationId, b.floorplanId, b.deskId, local(b.startDay, b.startMin), local(b.endDay, b.endMin), userId, b.person, b.status,
        local(b.createdDay, b.createdMin), b.cancelledDay === undefined ? null : local(b.cancelledDay, b.cancelledMin!), site.tz, b.checkedIn]);
    b.id = r[0]!.id;
    b.startsAt = r[0]!.starts_at;
  }
}
