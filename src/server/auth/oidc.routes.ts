import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OIDC_LINK_REFUSED } from '../../domain/oidcLink.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import { sessionTokenOf, setSessionCookie } from './cookies.js';
import { OidcClient } from './oidc.js';
import { signInOidcUser } from './oidcUser.js';
import { ReturnTo, safeReturnPath } from './auth.schemas.js';
import { appOrigin } from '../http/appOrigin.js';
import { redirectResponse } from '../http/openApiResponses.js';

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
    schema: {
      tags: ['auth'], querystring: z.object({ returnTo: ReturnTo.optional() }),
      response: { 302: redirectResponse("To the identity provider's sign-in page") },
    },
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
      [started.state, started.codeVerifier, started.nonce, safeReturnPath(request.query.returnTo, config.basePath, appOrigin(config, request))]);
    return reply.redirect(started.url.href, 302);
  });

  app.get('/auth/oidc/callback', {
    config: { access: 'anonymous' },
    // Loose on purpose: the provider adds its own parameters (code, session_state, iss, ...).
    schema: {
      tags: ['auth'], querystring: z.looseObject({ state: z.string().min(1).max(500) }),
      response: {
        302: redirectResponse('Signed in: to the page asked for when the sign-in started'),
        303: redirectResponse('The link to an existing account was refused: to the sign-in page, which says why'),
      },
    },
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
    const signedIn = await signInOidcUser(deps, identity, request.log);
    // A refused link: no session; the login page says why (domain/oidcLink.ts) and the log says who.
    if ('refused' in signedIn) return reply.redirect(`${config.basePath}/login?error=${OIDC_LINK_REFUSED}`, 303);
    const { userId } = signedIn;
    const old = sessionTokenOf(request, config);
    if (old) await sessions.destroy(old);
    setSessionCookie(reply, config, await sessions.create(userId, request.headers['user-agent'] ?? ''));
    // Checked again: a row stored before the check was tightened must not send anyone off the site.
    return reply.redirect(safeReturnPath(saved.return_to, config.basePath, appOrigin(config, request)), 302);
  });
};
