import { createECDH } from 'node:crypto';
import type pg from 'pg';
import type { Config } from '../../config.js';

export interface VapidDetails { subject: string; publicKey: string; privateKey: string }

const STATE_KEY = 'vapid_keys';

/**
 * The VAPID key pair: from configuration (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY), else generated once
 * and kept in app_state. Both halves live in one row, written with ON CONFLICT DO NOTHING, so
 * instances starting together agree on one pair.
 */
export async function vapidKeys(pool: Pick<pg.Pool, 'query'>, config: Config): Promise<{ publicKey: string; privateKey: string }> {
  if (config.push.vapidKeys) return config.push.vapidKeys;
  const read = async () => (await pool.query<{ value: string }>('SELECT value FROM app_state WHERE key = $1', [STATE_KEY])).rows[0];
  let row = await read();
  if (!row) {
    const fresh = newVapidKeys();
    await pool.query('INSERT INTO app_state (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [STATE_KEY, JSON.stringify(fresh)]);
    row = await read();
  }
  const keys = JSON.parse(row!.value) as { publicKey: string; privateKey: string };
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/**
 * A key pair as web-push's generateVAPIDKeys makes it (P-256: base64url of the 65-byte uncompressed public
 * point and of the 32-byte private scalar, zero-padded), with node:crypto: web-push is then loaded only
 * when a push is sent, not at a data folder's first start (issue 19, memory).
 */
function newVapidKeys(): { publicKey: string; privateKey: string } {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  const padded = (key: Buffer, length: number) => Buffer.concat([Buffer.alloc(Math.max(0, length - key.length)), key]);
  return { publicKey: padded(curve.getPublicKey(), 65).toString('base64url'), privateKey: padded(curve.getPrivateKey(), 32).toString('base64url') };
}

/**
 * The contact push services see in the VAPID token: VAPID_SUBJECT, else the public https URL, else
 * the MAIL_FROM address.
 */
export function vapidSubject(config: Config): string {
  if (config.push.subject) return config.push.subject;
  if (config.publicUrl?.protocol === 'https:' && config.publicUrl.hostname !== 'localhost') return config.publicUrl.origin;
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(config.mailFrom)?.[1] ?? (/^\S+@\S+$/.test(config.mailFrom) ? config.mailFrom : 'hotdesk@localhost');
  return `mailto:${address}`;
}

export async function vapidDetails(pool: Pick<pg.Pool, 'query'>, config: Config): Promise<VapidDetails> {
  return { subject: vapidSubject(config), ...(await vapidKeys(pool, config)) };
}
