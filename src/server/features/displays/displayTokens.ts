import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PAIRING_ALPHABET, PAIRING_CODE_LENGTH, PAIRING_MINUTES } from '../../../domain/wire/displays.js';
import type { Config } from '../../config.js';

type CookieConfig = Pick<Config, 'secureCookies' | 'basePath'>;

/** 32 random bytes (256 bits) in base64url: the device token and the pairing secret. Only hashes are stored. */
export const newSecret = (): string => randomBytes(32).toString('base64url');
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('base64url');
/** Anything else in a cookie was not made here: refused without a database lookup. */
export const isWellFormedSecret = (s: string | undefined): s is string => typeof s === 'string' && /^[A-Za-z0-9_-]{43}$/.test(s);

/** An 8-character code from the readable alphabet (23^8 ≈ 7.8e10 codes; few are alive at once). */
export function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i++) code += PAIRING_ALPHABET[randomInt(PAIRING_ALPHABET.length)];
  return code;
}

/**
 * The device token lives in an HttpOnly cookie rather than localStorage: a script on the page (an
 * injected one included) cannot read it, and EventSource sends cookies by itself, whereas a token from
 * localStorage would have to travel in the stream's URL (EventSource cannot set headers) and so end up
 * in proxy logs. Scoped to the display API's path, so no other route ever receives it.
 */
const prefix = (c: CookieConfig) => (c.secureCookies ? '__Secure-' : '');
export const displayCookieName = (c: CookieConfig): string => `${prefix(c)}hotdesk_display`;
export const pairingCookieName = (c: CookieConfig): string => `${prefix(c)}hotdesk_display_pairing`;
const cookiePath = (c: CookieConfig) => `${c.basePath}/api/display`;

/** Browsers cap cookie lifetimes at 400 days; a display seen within that keeps working (the token has no expiry of its own). */
const DISPLAY_COOKIE_SECONDS = 400 * 24 * 60 * 60;

const options = (c: CookieConfig, maxAge: number) => ({ httpOnly: true, sameSite: 'strict' as const, secure: c.secureCookies, path: cookiePath(c), maxAge });

export function setDisplayCookie(reply: FastifyReply, c: CookieConfig, token: string): void {
  void reply.setCookie(displayCookieName(c), token, options(c, DISPLAY_COOKIE_SECONDS));
}
export function clearDisplayCookie(reply: FastifyReply, c: CookieConfig): void {
  void reply.clearCookie(displayCookieName(c), options(c, 0));
}
export function setPairingCookie(reply: FastifyReply, c: CookieConfig, secret: string): void {
  void reply.setCookie(pairingCookieName(c), secret, options(c, PAIRING_MINUTES * 60));
}
export function clearPairingCookie(reply: FastifyReply, c: CookieConfig): void {
  void reply.clearCookie(pairingCookieName(c), options(c, 0));
}

export const displayTokenOf = (request: FastifyRequest, c: CookieConfig): string | undefined => request.cookies?.[displayCookieName(c)];
export const pairingSecretOf = (request: FastifyRequest, c: CookieConfig): string | undefined => request.cookies?.[pairingCookieName(c)];
