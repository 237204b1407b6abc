import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';

const hash = (t: string) => createHash('sha256').update(t).digest('base64url');

/** Links issued within this long of each other all stay valid: instances started together each print a working one. */
export const SETUP_LINK_OVERLAP = '10 minutes';

/**
 * When no admin exists and none is configured, a start prints a one-time link that lets the first
 * person create the admin account. Every link printed works until one of them creates the admin:
 * instances starting together (or a rolling start) each print their own valid link, because only links
 * issued more than SETUP_LINK_OVERLAP before this start are removed. So a start the next day still
 * replaces yesterday's link, and no instance ever prints a link another instance has already cancelled.
 */
export async function issueSetupToken(pool: pg.Pool): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await pool.query(`DELETE FROM setup_tokens WHERE created_at < now() - interval '${SETUP_LINK_OVERLAP}'`);
  await pool.query('INSERT INTO setup_tokens (token_hash) VALUES ($1)', [hash(token)]);
  return token;
}

/** Marks the token used; true only for the one caller that used a valid, unused token. */
export async function consumeSetupToken(db: pg.PoolClient, token: string): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE setup_tokens SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL', [hash(token)]);
  return rowCount === 1;
}

export async function setupPending(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ pending: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM setup_tokens WHERE used_at IS NULL) AND NOT EXISTS (SELECT 1 FROM user_roles WHERE role_id = 1) AS pending`,
  );
  return rows[0]?.pending ?? false;
}
