import { z } from 'zod';

/**
 * Limits of the live channel, from the environment (read here rather than in config.ts so the feature
 * stays in one folder; the same rules: a bad value stops start-up with a clear message).
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

const Env = z.object({
  LIVE_MAX_CONNECTIONS_PER_PERSON: z.coerce.number().int().min(1).max(50).default(5),
  LIVE_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100_000).default(5000),
});

export function liveLimitsFrom(env: Record<string, string | undefined>): LiveLimits {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${String(issue.path[0])} ${issue.message}`);
  }
  return {
    maxPerPerson: parsed.data.LIVE_MAX_CONNECTIONS_PER_PERSON,
    maxPerInstance: parsed.data.LIVE_MAX_CONNECTIONS,
    heartbeatMs: 25_000,
    maxLifetimeMs: 15 * 60_000,
    ringSize: 1000,
    ringMaxAgeMs: 5 * 60_000,
  };
}
