import { createECDH } from 'node:crypto';
import type { PushSubscriptionInput } from '../../../domain/wire/push.js';
import type { AppDeps } from '../../deps.js';
import { AppError, conflict, fieldError } from '../../http/errors.js';
import { countCreatedSince, deleteOwnSubscription, lockSubscriptionsOf, trimSubscriptions, upsertSubscription } from './push.repo.js';
import { checkPushEndpoint } from './pushEndpoint.js';
import { vapidKeys } from './vapid.js';

/** A person keeps at most this many browsers subscribed; the oldest go first. */
export const MAX_SUBSCRIPTIONS_PER_PERSON = 20;
/** A person may add at most this many new browsers an hour (re-posting a known one does not count). */
export const MAX_NEW_SUBSCRIPTIONS_PER_HOUR = 10;

export const ENDPOINT_HELD_BY_ANOTHER =
  "This browser's push subscription belongs to another person and was left with them. Subscribe this browser again (a new subscription) to receive your own notifications.";
export const TOO_MANY_NEW_SUBSCRIPTIONS =
  `You have turned on notifications in more than ${MAX_NEW_SUBSCRIPTIONS_PER_HOUR} new browsers in the last hour. Please try again later.`;

/** True when the base64url text is an uncompressed point on P-256 (what a browser's p256dh key is). */
export function isP256PublicKey(p256dh: string): boolean {
  const bytes = Buffer.from(p256dh, 'base64url');
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    const probe = createECDH('prime256v1');
    probe.generateKeys();
    probe.computeSecret(bytes);
    return true;
  } catch {
    return false;
  }
}

export async function publicKeyFor(deps: AppDeps): Promise<{ PublicKey: string }> {
  return { PublicKey: (await vapidKeys(deps.pool, deps.config)).publicKey };
}

export async function subscribe(deps: AppDeps, userId: number, input: PushSubscriptionInput): Promise<void> {
  const endpoint = checkPushEndpoint(input.endpoint, deps.config.push);
  if (!endpoint.ok) throw fieldError('endpoint', endpoint.reason);
  if (!isP256PublicKey(input.p256dh)) throw fieldError('p256dh', 'The p256dh key is not a P-256 public key.');
  const now = deps.now();
  const client = await deps.pool.connect();
  try {
    await client.query('BEGIN');
    await lockSubscriptionsOf(client, userId);
    // An endpoint is one browser's: if another person holds it, theirs it stays (their pushes must not
    // start arriving for the caller, nor stop for them). The caller's browser gets a fresh endpoint by
    // unsubscribing and subscribing again.
    const stored = await upsertSubscription(client, userId, input, now);
    if (!stored) throw conflict(ENDPOINT_HELD_BY_ANOTHER);
    if (stored.created && await countCreatedSince(client, userId, new Date(now.getTime() - 3600_000)) > MAX_NEW_SUBSCRIPTIONS_PER_HOUR) {
      throw new AppError('TOO_MANY_ATTEMPTS', TOO_MANY_NEW_SUBSCRIPTIONS);
    }
    await trimSubscriptions(client, userId, MAX_SUBSCRIPTIONS_PER_PERSON);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** Forgets the caller's own subscription for this endpoint (another person's is left alone). */
export async function unsubscribe(deps: AppDeps, userId: number, endpoint: string): Promise<void> {
  await deleteOwnSubscription(deps.pool, userId, endpoint);
}
