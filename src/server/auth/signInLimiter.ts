import type pg from 'pg';
import { AppError } from '../http/errors.js';

/**
 * Failed sign-ins counted per account and per address in PostgreSQL, so every instance enforces the
 * same limit. Limits: 5 failures per account or 30 per address within 15 minutes.
 */
export const SIGN_IN_LIMITS = { perAccount: 5, perAddress: 30, windowMinutes: 15 } as const;

export class SignInLimiter {
  constructor(private readonly pool: pg.Pool, private readonly limits = SIGN_IN_LIMITS) {}

  private keys(email: string, address: string) {
    return [`email:${email.trim().toLowerCase()}`, `ip:${address}`] as const;
  }

  /**
   * Starts a sign-in attempt: it is counted as a failure at once, before the password is checked, so
   * guesses sent in parallel see each other and at most the limit of them are checked (counting after
   * the check let 20 parallel guesses all through). Refused attempts (429) are not counted; a good
   * sign-in clears the account's failures and its own attempt.
   */
  async begin(email: string, address: string): Promise<{ succeeded: () => Promise<void> }> {
    const [accountKey, addressKey] = this.keys(email, address);
    const { rows: ids } = await this.pool.query<{ id: number }>(
      'INSERT INTO sign_in_failures (key) VALUES ($1), ($2) RETURNING id', [accountKey, addressKey]);
    const own = ids.map((r) => r.id);
    const { rows } = await this.pool.query<{ account: number; address: number }>(
      `SELECT count(*) FILTER (WHERE key = $1)::int AS account, count(*) FILTER (WHERE key = $2)::int AS address
       FROM sign_in_failures WHERE key IN ($1, $2) AND failed_at > now() - make_interval(mins => $3)`,
      [accountKey, addressKey, this.limits.windowMinutes],
    );
    const r = rows[0] ?? { account: 0, address: 0 };
    if (r.account > this.limits.perAccount || r.address > this.limits.perAddress) {
      await this.pool.query('DELETE FROM sign_in_failures WHERE id = ANY($1::bigint[])', [own]);
      throw new AppError('TOO_MANY_ATTEMPTS', `Too many sign-in attempts. Please wait ${this.limits.windowMinutes} minutes and try again.`);
    }
    return {
      succeeded: async () => {
        await this.pool.query('DELETE FROM sign_in_failures WHERE key = $1 OR id = ANY($2::bigint[])', [accountKey, own]);
      },
    };
  }

  async purgeOld(): Promise<void> {
    await this.pool.query(`DELETE FROM sign_in_failures WHERE failed_at < now() - make_interval(mins => $1)`, [this.limits.windowMinutes]);
  }
}
