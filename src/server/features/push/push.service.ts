import { createECDH } from 'node:crypto';
import type { PushSubscriptionInput } from '../../../domain/wire/push.js';
import type { AppDeps } from '../../deps.js';
import type { Config } from '../../config.js';
import { fieldError } from '../../http/errors.js';
import { deleteOwnSubscription, trimSubscriptions, upsertSubscription } from './push.repo.js';
import { vapidKeys } from './vapid.js';

/** A person keeps at most this many browsers subscribed; the oldest go first. */
export const MAX_SUBSCRIPTIONS_PER_PERSON = 20;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Where the server may send push messages: any https URL (push services are on the public
 * internet); plain http only on loopback and only when HOTDESK_PUSH_ALLOW_HTTP_LOOPBACK=true
 * (tests, local development). Credentials in the URL are never accepted.
 */
export function isAllowedPushEndpoint(endpoint: string, config: Pick<Config, 'push'>): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return url.hostname !== '';
  return url.protocol === 'http:' && config.push.allowHttpLoopback && LOOPBACK_HOSTS.has(url.hostname);
}

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
  if (!isAllowedPushEndpoint(input.endpoint, deps.config)) throw fieldError('endpoint', 'The push endpoint must be an https URL.');
  if (!isP256PublicKey(input.p256dh)) throw fieldError('p256dh', 'The p256dh key is not a P-256 public key.');
  const client = await deps.pool.connect();
  try {
    await client.query('BEGIN');
    await upsertSubscription(client, userId, input);
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
