import { scrypt, timingSafeEqual } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';

/**
 * Argon2id with OWASP's stated configuration: 19 MiB of memory, 2 passes, 1 lane (m=19456, t=2, p=1).
 * Measured on this 2-core machine: ~17 ms of CPU a hash (scrypt N=2^15 before it: ~140 ms), so a
 * sign-in stays cheap to serve while every offline guess costs an attacker 19 MiB of memory-hard
 * work. The parameters are stored in each hash (PHC string), so raising them later only needs these
 * constants: a sign-in with a hash made with other parameters rehashes it (needsRehash).
 */
export const ARGON2_PARAMS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
// The package's Algorithm is a const enum that exists only in its typings: Argon2id is 2.
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { ...ARGON2_PARAMS, algorithm: ARGON2ID, outputLen: 32 };
const PREFIX = `$argon2id$v=19$m=${ARGON2_PARAMS.memoryCost},t=${ARGON2_PARAMS.timeCost},p=${ARGON2_PARAMS.parallelism}$`;

// Passwords are compared as typed in any Unicode form (a composed é equals e + combining accent).
const normalise = (password: string) => password.normalize('NFKC');

/** An argon2id PHC string: `$argon2id$v=19$m=19456,t=2,p=1$salt$hash` (the salt is random, 16 bytes). */
export async function hashPassword(password: string): Promise<string> {
  return argon2Hash(normalise(password), OPTIONS);
}

/**
 * True when the password matches the stored hash: an argon2id hash, or an older `scrypt$N$r$p$salt$hash`
 * (kept verifiable; the sign-in that verifies one replaces it, see needsRehash).
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  // Unknown account (or one without a password): still spend the same time, so timing does not reveal
  // which e-mails exist. The dummy is an argon2id hash with today's parameters that nothing matches.
  if (stored === null || stored === undefined) {
    await argon2Verify(DUMMY, normalise(password)).catch(() => false);
    return false;
  }
  if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
  if (!stored.startsWith('$argon2id$')) return false;
  try {
    return await argon2Verify(stored, normalise(password));
  } catch {
    return false; // a malformed stored hash matches nothing
  }
}

/** A stored hash that is not argon2id with today's parameters: replace it at the next good sign-in. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(PREFIX);
}

// Before argon2id: scrypt, stored as `scrypt$N$r$p$salt$hash` (base64url). Only verified now.
const SCRYPT_KEY_LEN = 32;
const SCRYPT_MAX_MEM = 64 * 1024 * 1024;
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6) return false;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64url');
  const actual = await new Promise<Buffer | undefined>((resolve) => {
    scrypt(normalise(password), Buffer.from(salt, 'base64url'), SCRYPT_KEY_LEN,
      { N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT_MAX_MEM }, (err, key) => resolve(err ? undefined : key));
  });
  return actual !== undefined && expected.length === actual.length && timingSafeEqual(expected, actual);
}

const b64 = (bytes: number) => Buffer.alloc(bytes).toString('base64').replace(/=+$/, '');
const DUMMY = `${PREFIX}${b64(16)}$${b64(32)}`;

export const PASSWORD_RULE = { min: 8, max: 200 } as const;
