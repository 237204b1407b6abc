import type { Config } from '../../config.js';

/**
 * Limits of the live channel: the connection counts come from the configuration (LIVE_MAX_CONNECTIONS and
 * LIVE_MAX_CONNECTIONS_PER_PERSON in config.ts), the timings are fixed.
 */
export interface LiveLimits {
  /** Open streams per person; a new one closes their oldest (a person rarely has more tabs than this). */
  maxPerPerson: number;
  /** Open streams per instance; beyond it new ones are refused with 503 and Retry-After. */
  maxPerInstance: number;
  heartbeatMs: number;
  /** A stream is closed after this long (plus up to 10%), so the session and access are checked again on reconnect. */
  maxLifetimeMs: number;
  ringSize: number;
  ringMaxAgeMs: number;
}

export function liveLimitsFrom(config: Pick<Config, 'live'>): LiveLimits {
  return {
    maxPerPerson: config.live.maxConnectionsPerPerson,
    maxPerInstance: config.live.maxConnections,
    heartbeatMs: 25_000,
    maxLifetimeMs: 15 * 60_000,
    ringSize: 1000,
    ringMaxAgeMs: 5 * 60_000,
  };
}
