import type pg from 'pg';

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

export interface SubscriptionRow { id: number; userId: number; endpoint: string; p256dh: string; auth: string }
export interface OutboxRow { id: number; userId: number; title: string; body: string; url: string; attempts: number; deliveredSubscriptionIds: number[] }

/**
 * Stores the browser's subscription for this person, or updates its keys when this person already
 * holds the endpoint. An endpoint another person holds is left untouched: null. `created` tells a
 * new row from an update (only a new row counts against the hourly limit and sets created_at).
 */
export async function upsertSubscription(
  db: Queryable, userId: number, s: { endpoint: string; p256dh: string; auth: string }, now: Date,
): Promise<{ id: number; created: boolean } | null> {
  const { rows } = await db.query<{ id: number; created: boolean }>(
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (endpoint) DO UPDATE SET p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth
       WHERE push_subscriptions.user_id = EXCLUDED.user_id
     RETURNING id, (xmax = 0) AS created`,
    [userId, s.endpoint, s.p256dh, s.auth, now],
  );
  return rows[0] ?? null;
}

/** Serialises one person's subscription changes (so parallel posts see each other's rows). */
export async function lockSubscriptionsOf(db: Queryable, userId: number): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtext('push_subscriptions'), $1)", [userId]);
}

/** How many of this person's subscriptions were created after `since`. */
export async function countCreatedSince(db: Queryable, userId: number, since: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM push_subscriptions WHERE user_id = $1 AND created_at > $2', [userId, since],
  );
  return rows[0]!.n;
}

/** Keeps a person's newest `keep` subscriptions (browsers that were reset or reinstalled leave old ones behind). */
export async function trimSubscriptions(db: Queryable, userId: number, keep: number): Promise<void> {
  await db.query(
    `DELETE FROM push_subscriptions WHERE user_id = $1 AND id NOT IN
       (SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2)`,
    [userId, keep],
  );
}

export async function deleteOwnSubscription(db: Queryable, userId: number, endpoint: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2', [userId, endpoint]);
  return (rowCount ?? 0) > 0;
}

export async function deleteSubscription(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM push_subscriptions WHERE id = $1', [id]);
}

export async function subscriptionsOf(db: Queryable, userId: number): Promise<SubscriptionRow[]> {
  const { rows } = await db.query<SubscriptionRow>(
    'SELECT id, user_id AS "userId", endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  return rows;
}

/**
 * Claims up to `limit` due messages in one statement: FOR UPDATE SKIP LOCKED keeps concurrent runs
 * (every instance runs the job) off each other's rows, and moving next_try_at past the lease means a
 * claimed row is not due again unless this run dies without recording an outcome.
 */
export async function claimDueMessages(db: Queryable, now: Date, leaseMs: number, limit: number): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(
    `UPDATE push_outbox o SET attempts = o.attempts + 1, next_try_at = $1::timestamptz + make_interval(secs => $2::double precision / 1000)
     FROM (SELECT id FROM push_outbox
           WHERE sent_at IS NULL AND gave_up_at IS NULL AND next_try_at <= $1
           ORDER BY next_try_at, id LIMIT $3 FOR UPDATE SKIP LOCKED) due
     WHERE o.id = due.id
     RETURNING o.id::int AS id, o.user_id AS "userId", o.title, o.body, o.url, o.attempts,
               o.delivered_subscription_ids AS "deliveredSubscriptionIds"`,
    [now, leaseMs, limit],
  );
  return rows.sort((a, b) => a.id - b.id);
}

export async function markSent(db: Queryable, id: number, now: Date, note: string | null): Promise<void> {
  await db.query('UPDATE push_outbox SET sent_at = $2, last_error = $3 WHERE id = $1', [id, now, note]);
}

export async function markRetry(db: Queryable, id: number, nextTryAt: Date, error: string, delivered: number[]): Promise<void> {
  await db.query(
    'UPDATE push_outbox SET next_try_at = $2, last_error = $3, delivered_subscription_ids = $4 WHERE id = $1',
    [id, nextTryAt, error, delivered],
  );
}

export async function markGaveUp(db: Queryable, id: number, now: Date, error: string, delivered: number[]): Promise<void> {
  await db.query(
    'UPDATE push_outbox SET gave_up_at = $2, last_error = $3, delivered_subscription_ids = $4 WHERE id = $1',
    [id, now, error, delivered],
  );
}

/** Forgets messages sent (or given up) before `before`. */
export async function purgeFinished(db: Queryable, before: Date): Promise<number> {
  const { rowCount } = await db.query(
    'DELETE FROM push_outbox WHERE (sent_at IS NOT NULL AND sent_at < $1) OR (gave_up_at IS NOT NULL AND gave_up_at < $1)',
    [before],
  );
  return rowCount ?? 0;
}
