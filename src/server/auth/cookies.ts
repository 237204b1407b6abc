import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { SESSION_COOKIE } from './sessions.js';

type CookieConfig = Pick<Config, 'secureCookies' | 'basePath'>;

/**
 * The session cookie's name, one function of the configuration for every place that reads or writes it.
 * Over https the browser enforces a prefix: `__Host-` at the root (Secure, Path=/, no Domain: no
 * subdomain and no plain-http page can set or shadow it); under a base path `__Secure-` (Secure; the
 * `__Host-` prefix requires Path=/). Over http: `hotdesk_session`, which browsers would refuse prefixed.
 */
export function sessionCookieName(config: CookieConfig): string {
  if (!config.secureCookies) return SESSION_COOKIE;
  return config.basePath === '' ? `__Host-${SESSION_COOKIE}` : `__Secure-${SESSION_COOKIE}`;
}

/** The session token the request carries, if any. */
export function sessionTokenOf(request: Pick<FastifyRequest, 'cookies'>, config: CookieConfig): string | undefined {
  return request.cookies?.[sessionCookieName(config)];
}

/**
 * The session cookie: HttpOnly, SameSite=Lax, Secure when served over https, scoped to the base path.
 * It lasts no longer than the session can: the idle timeout, and never past the absolute lifetime.
 */
export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  void reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: config.basePath || '/',
    maxAge: Math.min(config.sessionIdleMinutes * 60, config.sessionMaxDays * 24 * 60 * 60),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  void reply.clearCookie(sessionCookieName(config), { path: config.basePath || '/', httpOnly: true, sameSite: 'lax', secure: config.secureCookies });
}
