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
  return pool;
}
