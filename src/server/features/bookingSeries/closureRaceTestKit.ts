import { expect } from 'vitest';
import { waitForLockWait } from '../../testing/lockWait.js';
import type { TestApp } from '../../testing/testApp.js';

/** What a series call answers, as far as the race needs it. */
interface Answer { statusCode: number; json: () => { Error?: string } }

/**
 * A whole-site closure ('Power cut', `startsAt`-`endsAt`) committed while a series is being inserted: the closing
 * transaction holds the site row (as closures.service does), so the series' insert waits with its checks having seen
 * no closure, and then meets the committed closure in the booking trigger. Expects the whole series refused (409
 * with the reason) and nothing booked: no booking and no series row.
 */
export async function expectClosureRaceRefusesSeries(
  t: Pick<TestApp, 'pool'>,
  closure: { siteId: number; startsAt: string; endsAt: string; adminId: number },
  bookSeries: () => Promise<Answer>,
): Promise<void> {
  const closer = await t.pool.connect();
  try {
    await closer.query('BEGIN');
    await closer.query('SELECT 1 FROM sites WHERE id = $1 FOR UPDATE', [closure.siteId]);
    await closer.query(
      `INSERT INTO closures (site_id, whole_site, starts_at, ends_at, reason, created_by) VALUES ($1, true, $2, $3, 'Power cut', $4)`,
      [closure.siteId, closure.startsAt, closure.endsAt, closure.adminId]);
    const racing = bookSeries();
    await waitForLockWait(t.pool, 'the series');
    await closer.query('COMMIT');
    const res = await racing;
    expect(res.statusCode).toBe(409);
    expect(res.json().Error).toMatch(/^Closed until .*: Power cut$/);
  } finally {
    closer.release();
  }
  const count = async (table: string) => Number((await t.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
  expect(await count('bookings')).toBe(0);
  expect(await count('booking_series')).toBe(0);
}
