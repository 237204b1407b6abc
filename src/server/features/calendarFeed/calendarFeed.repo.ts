import type pg from 'pg';

/** Sets (or, with null, clears) the hash of the person's feed secret. */
export async function setFeedHash(db: pg.Pool, userId: number, hash: string | null): Promise<void> {
  await db.query('UPDATE users SET calendar_token = $2 WHERE id = $1', [userId, hash]);
}

export async function feedEnabled(db: pg.Pool, userId: number): Promise<boolean> {
  const { rows } = await db.query<{ on: boolean }>('SELECT calendar_token IS NOT NULL AS on FROM users WHERE id = $1', [userId]);
  return rows[0]?.on ?? false;
}

export async function ownerOfFeed(db: pg.Pool, hash: string): Promise<{ id: number; email: string; full_name: string } | undefined> {
  const { rows } = await db.query('SELECT id, email, full_name FROM users WHERE calendar_token = $1', [hash]);
  return rows[0];
}
