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
  (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = async (...args: unknown[]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await queryKeepingConnection(pool, args);
      } catch (err) {
        if ((err as { code?: string }).code !== DEADLOCK_DETECTED || attempt >= MAX_ATTEMPTS) throw err;
      }
    }
  };
}

/**
 * pool.query, except that a statement the database refuses does not cost the pool its connection.
 * pg-pool's own pool.query releases the connection with the statement's error, and pg-pool closes every
 * connection released with an error: each refused booking (409), each deadlock retried above, closed its
 * PostgreSQL backend, and the next request waiting for the pool had to open a new one (fork, SCRAM
 * sign-in, cold caches, the bookings triggers compiled again). In a 200-way race each of the 199
 * losers is refused this way, so ~199 connections are closed and opened again per round, and requests
 * queued behind them can wait over connectionTimeoutMillis (503). BENCH_RACE_DIAG=1 in
 * bench/scaleOut.bench.ts counts the connections opened per round.
 *
 * An ERROR from the server ends the statement only: pool.query runs one statement in its own
 * transaction (never BEGIN/COMMIT: that is inTransaction's job), so nothing of it is left on the
 * connection, which goes back to the pool. Anything else (a FATAL or PANIC from the server, the
 * connection lost, the client-side query_timeout with the statement perhaps still running) still
 * closes the connection, as pg-pool does.
 */
async function queryKeepingConnection(pool: pg.Pool, args: unknown[]): Promise<unknown> {
  const client = await pool.connect();
  let broken: Error | undefined;
  // As pg-pool's pool.query: a connection error while the statement runs must not go unhandled.
  const onError = (err: Error) => { broken = err; };
  client.on('error', onError);
  try {
    return await (client.query as unknown as (...a: unknown[]) => Promise<unknown>).apply(client, args);
  } catch (err) {
    if (!(err instanceof pg.DatabaseError && err.severity === 'ERROR')) broken = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    client.removeListener('error', onError);
    client.release(broken);
  }
}
