import { createECDH, createDecipheriv, createHmac, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service stand-in for tests: an HTTP server on 127.0.0.1 that records every push request, and
 * browser-side subscription keys that decrypt what arrives (RFC 8291 / RFC 8188 aes128gcm), using
 * nothing but node:crypto, so the test does not trust the sending library to check itself.
 */

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface PushReceiver {
  origin: string;
  received: ReceivedPush[];
  /** TCP connections accepted so far (a refused send must not even connect). */
  connections: () => number;
  /** The status to answer for an endpoint path (default 201). */
  respond: (path: string, status: number) => void;
  /** Delay every answer (to make concurrent senders overlap). */
  setDelayMs: (ms: number) => void;
  close: () => Promise<void>;
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  let delayMs = 0;
  let connections = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      setTimeout(() => {
        res.statusCode = statuses.get(req.url ?? '') ?? 201;
        res.end();
      }, delayMs);
    });
  });
  server.on('connection', () => { connections++; });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    respond: (path, status) => { statuses.set(path, status); },
    setDelayMs: (ms) => { delayMs = ms; },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a browser keeps for one subscription: its P-256 key pair and auth secret. */
export interface BrowserKeys { ecdh: ECDH; p256dh: string; auth: string }

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** Decrypts an aes128gcm push message body with the subscription's private key and auth secret (RFC 8291 section 3.4). */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  // RFC 8188 header: salt(16) | rs(4) | idlen(1) | keyid(idlen) -- the keyid is the sender's public key.
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const senderPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (idlen !== 65) throw new Error(`keyid is not a P-256 public key (${idlen} bytes)`);
  if (ciphertext.length > rs) throw new Error('more than one record: push messages are a single record');

  const uaPublic = keys.ecdh.getPublicKey();
  const ecdhSecret = keys.ecdh.computeSecret(senderPublic);
  const authSecret = Buffer.from(keys.auth, 'base64url');
  // PRK_key = HMAC(auth_secret, ecdh_secret); IKM = HMAC(PRK_key, "WebPush: info" || 0 || ua_public || as_public || 1)
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, senderPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  // PRK = HMAC(salt, IKM); CEK and NONCE are HKDF-Expand with one block each.
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'latin1')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'latin1')).subarray(0, 12);

  const tag = ciphertext.subarray(ciphertext.length - 16);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(tag);
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // Padding: the plaintext, then a delimiter (2 for the last record), then zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (end < 0 || padded[end] !== 2) throw new Error('missing last-record padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Checks the VAPID Authorization header (RFC 8292): "vapid t=<JWT>, k=<public key>", an ES256 JWT
 * signed by that key whose audience is the push service's origin. Returns the claims.
 */
export function verifyVapid(header: string | undefined, expectedAudience: string): { aud: string; exp: number; sub: string; k: string } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`not a vapid Authorization header: ${header}`);
  const [, jwt, k] = m as unknown as [string, string, string];
  const [h, p, s] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
  if (claims.aud !== expectedAudience) throw new Error(`VAPID audience ${claims.aud} is not ${expectedAudience}`);
  return { ...claims, k };
}
