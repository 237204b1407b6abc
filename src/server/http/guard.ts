import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ACCESS_LEVELS, callerMeets, type AccessLevel } from '../../domain/permissions.js';
import { SESSION_COOKIE, type SessionStore, type SessionUser } from '../auth/sessions.js';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route. Required on every API and auth route: a route without it fails start-up. */
    access?: AccessLevel;
  }
  interface FastifyRequest {
    user: SessionUser | undefined;
  }
  interface FastifyInstance {
    /** Every guarded route with its declared access level, e.g. 'GET /api/settings' -> 'signedIn' (base path removed). */
    declaredRoutes: Map<string, AccessLevel>;
  }
}

/** Routes that must declare access: everything under these prefixes (after the base path). */
const GUARDED = ['/api/', '/auth/', '/MicrosoftIdentity/', '/ical/'];

export function isGuardedPath(url: string, basePath: string): boolean {
  const path = url.startsWith(basePath) ? url.slice(basePath.length) : url;
  // The OpenAPI documentation is public; only it (not, say, /api/docsearch) is exempt.
  if (path === '/api/docs' || path.startsWith('/api/docs/')) return false;
  return GUARDED.some((p) => path.startsWith(p));
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('NOT_SIGNED_IN', 'Please sign in.');
  return request.user;
}

/**
 * Loads the session (when a cookie is present) and enforces the route's declared access level:
 * 401 when a signed-in person is needed and none is, 403 when the person lacks the role.
 * `cookieName`: the session cookie's name, sessionCookieName(config) (auth/cookies.ts).
 */
export function registerGuard(app: FastifyInstance, sessions: SessionStore, basePath: string, cookieName = SESSION_COOKIE): void {
  app.decorateRequest('user', undefined);
  const declared = new Map<string, AccessLevel>();
  app.decorate('declaredRoutes', declared);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isGuardedPath(route.url, basePath)) return;
    const access = route.config?.access;
    if (!access || !(ACCESS_LEVELS as readonly string[]).includes(access)) {
      throw new Error(`Route ${route.method} ${route.url} does not declare who may call it (config.access).`);
    }
    const url = route.url.slice(basePath.length);
    for (const method of [route.method].flat()) if (method !== 'HEAD') declared.set(`${method} ${url}`, access);
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return; // static files and pages
    const token = request.cookies?.[cookieName];
    if (token) {
      try {
        request.user = await sessions.resolve(token);
      } catch (err) {
        // Health checks, sign-in and check-in must not fail because a session could not be looked up.
        if (access !== 'anonymous') throw err;
      }
    }
    if (callerMeets(access, request.user?.caller)) return;
    if (!request.user) throw new AppError('NOT_SIGNED_IN', 'Please sign in.');
    throw new AppError('FORBIDDEN', 'You are not allowed to do this.');
  });
}
