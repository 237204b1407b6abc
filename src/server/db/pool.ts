import pg from 'pg';

// timestamptz and bigint come back as strings/Dates by default; bigint ids fit in a JS number for us.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * The connection pool. Timeouts are short on purpose: when PostgreSQL is gone, a request fails fast
 * (503) instead of hanging, and the pool reconnects by itself when the database returns.
 */
export function createPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 15_000,
    query_timeout: 20_000,
    application_name: 'hotdesk',
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  retryDeadlockedStatements(pool);
  return pool;
}

const DEADLOCK_DETECTED = '40P01';
const MAX_ATTEMPTS = 3;

/**
 * Two inserts racing for one desk or room slot each check the exclusion constraint against the other's
 * uncommitted row and wait on each other; PostgreSQL breaks the tie by aborting one with
 * deadlock_detected. A single statement (pool.query runs each in its own transaction) was rolled back
 * whole, so running it again is safe: it then sees the winner and gets the usual conflict (409).
 * Explicit transactions (pool.connect) are not retried here.
 */
function retryDeadlockedStatements(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = async (...args: unknown[]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await query(...args);
      } catch (err) {
        if ((err as { code?: string }).code !== DEADLOCK_DETECTED || attempt >= MAX_ATTEMPTS) throw err;
      }
    }
  };
}
