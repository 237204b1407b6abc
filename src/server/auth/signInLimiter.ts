import type pg from 'pg';
import { AppError } from '../http/errors.js';

/**
 * Failed sign-ins counted in PostgreSQL, so every instance enforces the same limits:
 * - per account AND address: 5 failures for one account from one address within 15 minutes lock that
 *   address out of that account (a stranger elsewhere cannot lock the owner out);
 * - per address: 30 failures from one address within 15 minutes, whatever the accounts (spraying);
 * - per account from anywhere, a slower back-off: past 20 failures within an hour, an attempt is
 *   refused until a wait has passed since the account's last failure, 30 s doubling at each further
 *   failure up to 15 minutes, so a guesser spread over many addresses is still slowed (to about 30
 *   guesses an hour) while one that stops guessing leaves the account free again within the hour.
 */
export const SIGN_IN_LIMITS = {
  perAccountAndAddress: 5,
  perAddress: 30,
  windowMinutes: 15,
  accountBackoff: { after: 20, windowMinutes: 60, firstWaitSeconds: 30, maxWaitSeconds: 15 * 60 },
} as const;

export type SignInLimits = {
  perAccountAndAddress: number; perAddress: number; windowMinutes: number;
  accountBackoff: { after: number; windowMinutes: number; firstWaitSeconds: number; maxWaitSeconds: number };
};

/** The wait the account back-off asks before an attempt whose account has `failures` (this one included) in its window. */
export function accountBackoffSeconds(failures: number, limits: SignInLimits = SIGN_IN_LIMITS): number {
  const b = limits.accountBackoff;
  const over = failures - b.after;
  if (over <= 0) return 0;
  return Math.min(b.firstWaitSeconds * 2 ** Math.min(over - 1, 30), b.maxWaitSeconds);
}

const tooMany = (minutes: number) =>
  new AppError('TOO_MANY_ATTEMPTS', `Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`);

export class SignInLimiter {
  constructor(private readonly pool: pg.Pool, private readonly limits: SignInLimits = SIGN_IN_LIMITS) {}

  private keys(email: string, address: string) {
    const account = email.trim().toLowerCase();
    return { account: `email:${account}`, pair: `email-ip:${account} ${address}`, address: `ip:${address}` };
  }

  /**
   * Starts a sign-in attempt: it is counted as a failure at once, before the password is checked, so
   * guesses sent in parallel see each other and at most the limit of them are checked (counting after
   * the check let 20 parallel guesses all through). Refused attempts (429) are not counted; a good
   * sign-in clears this address's failures for the account and its own attempt. It does not clear the
   * account's failures from elsewhere: the owner signing in must not reset a stranger's back-off.
   */
  async begin(email: string, address: string): Promise<{ succeeded: () => Promise<void> }> {
    const keys = this.keys(email, address);
    const { rows: ids } = await this.pool.query<{ id: string }>(
      'INSERT INTO sign_in_failures (key) VALUES ($1), ($2), ($3) RETURNING id', [keys.account, keys.pair, keys.address]);
    const own = ids.map((r) => r.id);
    const { rows } = await this.pool.query<{ pair: number; address: number; account: number; since_last: number | null }>(
      `SELECT count(*) FILTER (WHERE key = $2 AND failed_at > now() - make_interval(mins => $4))::int AS pair,
              count(*) FILTER (WHERE key = $3 AND failed_at > now() - make_interval(mins => $4))::int AS address,
              count(*) FILTER (WHERE key = $1)::int AS account,
              extract(epoch FROM now() - max(failed_at) FILTER (WHERE key = $1 AND id <> ALL($6::bigint[])))::float8 AS since_last
       FROM sign_in_failures
       WHERE key IN ($1, $2, $3) AND failed_at > now() - make_interval(mins => greatest($4, $5))`,
      [keys.account, keys.pair, keys.address, this.limits.windowMinutes, this.limits.accountBackoff.windowMinutes, own],
    );
    const r = rows[0] ?? { pair: 0, address: 0, account: 0, since_last: null };
    const refuse = async (minutes: number) => {
      await this.pool.query('DELETE FROM sign_in_failures WHERE id = ANY($1::bigint[])', [own]);
      throw tooMany(minutes);
    };
    if (r.pair > this.limits.perAccountAndAddress || r.address > this.limits.perAddress) await refuse(this.limits.windowMinutes);
    const wait = accountBackoffSeconds(r.account, this.limits);
    // Parallel attempts see each other's rows as the last failure, so past the threshold at most one
    // of a burst is checked (usually none: they are all refused).
    if (wait > 0 && r.since_last !== null && r.since_last < wait) await refuse(Math.max(1, Math.ceil((wait - r.since_last) / 60)));
    return {
      succeeded: async () => {
        await this.pool.query('DELETE FROM sign_in_failures WHERE key = $1 OR id = ANY($2::bigint[])', [keys.pair, own]);
      },
    };
  }

  async purgeOld(): Promise<void> {
    await this.pool.query(`DELETE FROM sign_in_failures WHERE failed_at < now() - make_interval(mins => greatest($1, $2))`,
      [this.limits.windowMinutes, this.limits.accountBackoff.windowMinutes]);
  }
}
