import type { FastifyReply } from 'fastify';
import type { Config } from '../config.js';
import { SESSION_COOKIE } from './sessions.js';

/** The session cookie: HttpOnly, SameSite=Lax, Secure when served over https, scoped to the base path. */
export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: config.basePath || '/',
    maxAge: config.sessionIdleMinutes * 60,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  void reply.clearCookie(SESSION_COOKIE, { path: config.basePath || '/', httpOnly: true, sameSite: 'lax', secure: config.secureCookies });
}
