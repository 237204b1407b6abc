import { randomBytes, scryptSync } from 'node:crypto';
import { hash as argon2Hash, parseOptions } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, sessionCookieFrom } from '../testing/testApp.js';
import { ARGON2_PARAMS, hashPassword, needsRehash, verifyPassword } from './passwords.js';

type T = Awaited<ReturnType<typeof buildTestApp>>;
let t: T;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t.dropDatabase(); });

/** A hash as Hotdesk stored them before argon2id: scrypt N=2^15, r=8, p=1 (`scrypt$N$r$p$salt$hash`). */
function oldScryptHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', 32768, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

let nextAddress = 1;
const login = (email: string, password: string) => t.app.inject({
  method: 'POST', url: '/auth/login', remoteAddress: `10.1.0.${nextAddress++}`, payload: { email, password },
});
const storedHash = async (email: string) =>
  (await t.pool.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email_key = lower($1)', [email])).rows[0]!.password_hash;
const addUser = (email: string, hash: string) =>
  t.pool.query(`INSERT INTO users (email, full_name, password_hash) VALUES ($1, 'Someone', $2)`, [email, hash]);

describe('password hashes', () => {
  it('are argon2id with m=19456 KiB, t=2, p=1, a 16-byte random salt and a 32-byte hash', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(parseOptions(a)).toMatchObject({ algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32, saltLen: 16 });
    expect(ARGON2_PARAMS).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(b).not.toBe(a);
    expect(needsRehash(a)).toBe(false);
  });

  it('verify the right password only, in any Unicode form, and refuse malformed stored values', async () => {
    const h = await hashPassword('caf\u00e9 au lait');
    expect(await verifyPassword('caf\u00e9 au lait', h)).toBe(true);
    expect(await verifyPassword('cafe\u0301 au lait', h)).toBe(true);
    expect(await verifyPassword('cafe au lait', h)).toBe(false);
    expect(await verifyPassword('caf\u00e9 au lait', undefined)).toBe(false);
    expect(await verifyPassword('caf\u00e9 au lait', null)).toBe(false);
    expect(await verifyPassword('anything', '$argon2id$v=19$m=19456,t=2,p=1$bad')).toBe(false);
    expect(await verifyPassword('anything', 'scrypt$1$2$3')).toBe(false);
    expect(await verifyPassword('anything', 'plain text')).toBe(false);
  });

  it('still verify an old scrypt hash, which needs rehashing', async () => {
    const old = oldScryptHash('an old password');
    expect(await verifyPassword('an old password', old)).toBe(true);
    expect(await verifyPassword('another password', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await argon2Hash('x', { memoryCost: 9216, timeCost: 4, parallelism: 1 }))).toBe(true);
  });

  it('spend as long on an unknown account as on a real argon2id hash (no enumeration by timing)', async () => {
    const real = await hashPassword('correct horse battery');
    const median = async (stored: string | undefined) => {
      const times: number[] = [];
      for (let i = 0; i < 9; i++) {
        const start = performance.now();
        await verifyPassword('a wrong guess', stored);
        times.push(performance.now() - start);
      }
      return times.sort((x, y) => x - y)[4]!;
    };
    const [known, unknown] = [await median(real), await median(undefined)];
    expect(unknown / known).toBeGreaterThan(0.5);
    expect(unknown / known).toBeLessThan(2);
  });
});

describe('signing in with a hash from before argon2id', () => {
  it('signs in with an old scrypt hash and replaces it with an argon2id hash in the same request', async () => {
    await addUser('legacy@example.org', oldScryptHash('my legacy password'));
    const res = await login('legacy@example.org', 'my legacy password');
    expect(res.statusCode).toBe(200);
    expect(sessionCookieFrom(res)).toBeDefined();
    const after = await storedHash('legacy@example.org');
    expect(after).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('my legacy password', after)).toBe(true);
    // The new hash signs in as well, and is kept (not rehashed again).
    expect((await login('legacy@example.org', 'my legacy password')).statusCode).toBe(200);
    expect(await storedHash('legacy@example.org')).toBe(after);
  });

  it('refuses a wrong password against an old scrypt hash and leaves the hash as it was', async () => {
    const old = oldScryptHash('the real password');
    await addUser('legacy-wrong@example.org', old);
    const res = await login('legacy-wrong@example.org', 'not the real password');
    expect(res.statusCode).toBe(401);
    expect(await storedHash('legacy-wrong@example.org')).toBe(old);
  });

  it('rehashes an argon2id hash made with other parameters', async () => {
    await addUser('weak@example.org', await argon2Hash('a weaker hash', { memoryCost: 9216, timeCost: 4, parallelism: 1 }));
    expect((await login('weak@example.org', 'a weaker hash')).statusCode).toBe(200);
    expect(await storedHash('weak@example.org')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('hashes passwords set through user management with argon2id', async () => {
    const boss = await createUser(t, { roles: ['Admin'] });
    const res = await t.app.inject({
      method: 'POST', url: '/api/users', headers: { cookie: boss.cookie },
      payload: { Email: 'managed@example.org', FullName: 'Managed Person', Password: 'set by an admin' },
    });
    expect(res.statusCode).toBe(201);
    expect(await storedHash('managed@example.org')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
