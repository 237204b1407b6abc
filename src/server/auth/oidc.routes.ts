import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import { setSessionCookie } from './cookies.js';
import { OidcClient } from './oidc.js';
import { signInOidcUser } from './oidcUser.js';
import { SESSION_COOKIE } from './sessions.js';
import { safeReturnPath } from './auth.schemas.js';

/** A sign-in round trip must finish within this time. */
const STATE_TTL_MINUTES = 10;

export const oidcRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const { config, pool, sessions } = deps;
  if (!config.oidc) return;
  const oidc = new OidcClient(config.oidc);

  const redirectUri = (request: { protocol: string; host: string }) => {
    const base = config.publicUrl ? config.publicUrl.origin + config.basePath : `${request.protocol}://${request.host}${config.basePath}`;
    return `${base}/auth/oidc/callback`;
  };

  app.get('/auth/oidc/start', {
    config: { access: 'anonymous' },
    schema: { tags: ['auth'], querystring: z.object({ returnTo: z.string().max(2000).optional() }) },
  }, async (request, reply) => {
    let started;
    try {
      started = await oidc.authorizationUrl(redirectUri(request));
    } catch (err) {
      request.log.error({ err }, 'OpenID Connect discovery failed');
      throw new AppError('UNAVAILABLE', 'The sign-in service cannot be reached. Please try again shortly.');
    }
    // The round-trip state is kept in PostgreSQL, so the callback may land on any instance.
    await pool.query(`DELETE FROM oidc_states WHERE created_at < now() - make_interval(mins => $1)`, [STATE_TTL_MINUTES]);
    await pool.query('INSERT INTO oidc_states (state, code_verifier, nonce, return_to) VALUES ($1, $2, $3, $4)',
      [started.state, started.codeVerifier, started.nonce, safeReturnPath(request.query.returnTo, config.basePath)]);
    return reply.redirect(started.url.href, 302);
  });

  app.get('/auth/oidc/callback', {
    config: { access: 'anonymous' },
    schema: { tags: ['auth'], querystring: z.object({ state: z.string().min(1).max(500) }).passthrough() },
  }, async (request, reply) => {
    const { rows } = await pool.query<{ code_verifier: string; nonce: string; return_to: string }>(
      `DELETE FROM oidc_states WHERE state = $1 AND created_at > now() - make_interval(mins => $2) RETURNING code_verifier, nonce, return_to`,
      [request.query.state, STATE_TTL_MINUTES],
    );
    const saved = rows[0];
    if (!saved) throw new AppError('BAD_INPUT', 'This sign-in link has expired or was already used. Please sign in again.');
    // The URL the provider sent the browser to, as seen from outside (behind a proxy: PUBLIC_URL's origin).
    const currentUrl = new URL(request.url, redirectUri(request));
    let identity;
    try {
      identity = await oidc.complete(currentUrl, {
        state: request.query.state, nonce: saved.nonce, codeVerifier: saved.code_verifier,
      });
    } catch (err) {
      request.log.warn({ err }, 'OpenID Connect sign-in failed');
      throw new AppError('NOT_SIGNED_IN', `Sign-in failed: ${(err as Error).message}`);
    }
    const userId = await signInOidcUser(deps, identity, request.log);
    const old = request.cookies[SESSION_COOKIE];
    if (old) await sessions.destroy(old);
    setSessionCookie(reply, config, await sessions.create(userId, request.headers['user-agent'] ?? ''));
    return reply.redirect(saved.return_to, 302);
  });
};
