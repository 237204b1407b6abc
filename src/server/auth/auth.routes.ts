import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { AppError, badInput } from '../http/errors.js';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from './cookies.js';
import { hashPassword, needsRehash, verifyPassword } from './passwords.js';
import { consumeSetupToken, setupPending } from './setupLink.js';
import { LoginBody, ProvidersResponse, ReturnTo, SetupBody, SignedInResponse, safeReturnPath } from './auth.schemas.js';
import { appOrigin } from '../http/appOrigin.js';
import { redirectResponse } from '../http/openApiResponses.js';
import { addRole, countAdmins, findUserByEmail, insertUser, setPasswordHash, upgradePasswordHash } from '../features/users/users.repo.js';

export const authRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const { pool, sessions, signInLimiter, config } = deps;

  app.get('/auth/providers', {
    config: { access: 'anonymous' },
    schema: { tags: ['auth'], response: { 200: ProvidersResponse } },
  }, async () => ({
    local: true,
    oidc: config.oidc ? { label: config.oidc.buttonLabel } : null,
    setupPending: await setupPending(pool),
  }));

  app.post('/auth/login', {
    config: { access: 'anonymous' },
    schema: { tags: ['auth'], body: LoginBody, response: { 200: SignedInResponse } },
  }, async (request, reply) => {
    const { email, password } = request.body;
    const attempt = await signInLimiter.begin(email, request.ip);
    const user = await findUserByEmail(pool, email);
    const ok = await verifyPassword(password, user?.password_hash);
    if (!user || !ok) throw new AppError('NOT_SIGNED_IN', 'The e-mail address or password is not right.');
    await attempt.succeeded();
    // A hash from before argon2id (scrypt) or with older parameters is replaced now that the password is
    // known, unless the password was changed meanwhile (then the new hash stays).
    if (user.password_hash && needsRehash(user.password_hash)) {
      await upgradePasswordHash(pool, user.id, user.password_hash, await hashPassword(password));
    }
    // A new session id at every sign-in; an old cookie's session (if any) ends.
    const old = sessionTokenOf(request, config);
    if (old) await sessions.destroy(old);
    setSessionCookie(reply, config, await sessions.create(user.id, request.headers['user-agent'] ?? ''));
    return { Success: true as const, FullName: user.full_name };
  });

  // The first person creates the admin account with the one-time link printed at start-up.
  app.post('/auth/setup', {
    config: { access: 'anonymous' },
    schema: { tags: ['auth'], body: SetupBody, response: { 200: SignedInResponse } },
  }, async (request, reply) => {
    const b = request.body;
    const client = await pool.connect();
    let userId: number;
    try {
      await client.query('BEGIN');
      if (!(await consumeSetupToken(client, b.token)) || (await countAdmins(client)) > 0) {
        throw new AppError('FORBIDDEN', 'This setup link is no longer valid. Restart Hotdesk to print a new one.');
      }
      const existing = await findUserByEmail(client, b.email);
      const hash = await hashPassword(b.password);
      if (existing) {
        userId = existing.id;
        await setPasswordHash(client, userId, hash);
      } else {
        userId = await insertUser(client, { email: b.email, fullName: b.fullName, passwordHash: hash });
      }
      await addRole(client, userId, 1);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    } finally {
      client.release();
    }
    setSessionCookie(reply, config, await sessions.create(userId, request.headers['user-agent'] ?? ''));
    return { Success: true as const, FullName: b.fullName };
  });

  // Sign out (SPEC 7). GET because the seed links to it; ending a session is harmless to trigger.
  const signOut = async (request: { cookies: Record<string, string | undefined>; query: { returnTo?: string }; protocol: string; host: string }, reply: import('fastify').FastifyReply) => {
    const token = sessionTokenOf(request, config);
    if (token) await sessions.destroy(token);
    clearSessionCookie(reply, config);
    // Anything but a page of this app (another site, however spelt) goes to the menu instead.
    return reply.redirect(safeReturnPath(request.query.returnTo ?? `${config.basePath}/login`, config.basePath, appOrigin(config, request)), 303);
  };
  const signOutSchema = {
    tags: ['auth'], querystring: z.object({ returnTo: ReturnTo.optional() }),
    response: { 303: redirectResponse('Signed out: to returnTo (a page of this app) or the sign-in page') },
  };
  app.get('/MicrosoftIdentity/Account/SignOut', { config: { access: 'anonymous' }, schema: signOutSchema }, signOut);
  app.post('/auth/logout', { config: { access: 'anonymous' }, schema: signOutSchema }, signOut);

  // A refusal with a clear message rather than a generic 404 when OpenID Connect is not configured.
  if (!config.oidc) {
    app.get('/auth/oidc/start', {
      config: { access: 'anonymous' }, schema: { tags: ['auth'], querystring: z.object({ returnTo: ReturnTo.optional() }) },
    }, async () => {
      throw badInput('Sign-in with an identity provider is not configured on this server.');
    });
  }
};
