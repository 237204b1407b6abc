import type pg from 'pg';

const DEADLOCK_DETECTED = '40P01';
const MAX_ATTEMPTS = 3;

/**
 * Runs fn in one transaction on one connection. Bookings racing for one room slot or desk can
 * deadlock on the exclusion constraints; PostgreSQL then aborts one whole transaction, so running fn
 * again from the start is safe: it then sees the winner and gets the usual conflict (409).
 * fn must only do database work through the client it is given.
 */
export async function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      if ((err as { code?: string }).code !== DEADLOCK_DETECTED || attempt >= MAX_ATTEMPTS) throw err;
    } finally {
      client.release();
    }
  }
}
