import type pg from 'pg';

/** The inbound_mail table (migration 0026): messages the listener accepted, processed once by the job. */
type Db = Pick<pg.Pool | pg.PoolClient, 'query'>;

export interface StoredMessage { id: number; remoteIp: string; senderKey: string; recipients: string[]; raw: Buffer }

/**
 * Stores an accepted message unless its envelope sender already sent `maxPerHour` in the last hour:
 * one statement, so instances receiving at once count each other's rows (two racing at the limit may
 * both get in: the limit is against floods, not exact). false: over the limit, nothing stored.
 */
export async function storeMessage(db: Db, m: Omit<StoredMessage, 'id'>, maxPerHour: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO inbound_mail (remote_ip, sender_key, recipients, raw)
     SELECT $1, $2, $3, $4
     WHERE (SELECT count(*) FROM inbound_mail WHERE sender_key = $2 AND received_at > now() - interval '1 hour') < $5`,
    [m.remoteIp, m.senderKey, m.recipients, m.raw, maxPerHour]);
  return rowCount === 1;
}

/** Whether the sender has used up the hour (asked at MAIL FROM, so a flood is refused before its data). */
export async function overHourlyLimit(db: Db, senderKey: string, maxPerHour: number): Promise<boolean> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM inbound_mail WHERE sender_key = $1 AND received_at > now() - interval '1 hour'`, [senderKey]);
  return Number(rows[0]!.n) >= maxPerHour;
}

/**
 * Claims up to `limit` unprocessed messages for this transaction. FOR UPDATE SKIP LOCKED: an instance
 * running the job at the same moment takes other rows, and a row processed and committed meanwhile no
 * longer matches `processed_at IS NULL` when re-checked, so each message is processed once.
 */
export async function claimMessages(client: pg.PoolClient, limit: number): Promise<StoredMessage[]> {
  const { rows } = await client.query<{ id: string; remote_ip: string; sender_key: string; recipients: string[]; raw: Buffer }>(
    `SELECT id, remote_ip, sender_key, recipients, raw FROM inbound_mail
     WHERE processed_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`, [limit]);
  return rows.map((r) => ({ id: Number(r.id), remoteIp: r.remote_ip, senderKey: r.sender_key, recipients: r.recipients, raw: r.raw }));
}

/** The outcome in words (for support); the raw message is dropped once processed, only the count needs the row. */
export async function markProcessed(db: Db, id: number, outcome: string): Promise<void> {
  await db.query(`UPDATE inbound_mail SET processed_at = now(), outcome = $2, raw = ''::bytea WHERE id = $1`, [id, outcome.slice(0, 1000)]);
}

/** Processed rows older than a day: the hourly count no longer needs them. */
export async function purgeProcessed(db: Db): Promise<number> {
  return (await db.query(`DELETE FROM inbound_mail WHERE processed_at IS NOT NULL AND received_at < now() - interval '1 day'`)).rowCount ?? 0;
}
