import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PushPublicKey, PushSubscriptionInput, PushUnsubscribeInput } from '../../../domain/wire/push.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { publicKeyFor, subscribe, unsubscribe } from './push.service.js';

/** Web push (SPEC 7: POST /api/pushMessaging; issue 7). */
export const pushRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['push'];

  app.get('/api/pushMessaging/publicKey', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'The VAPID public key (applicationServerKey for PushManager.subscribe)', response: { 200: PushPublicKey } },
  }, async () => publicKeyFor(deps));

  app.post('/api/pushMessaging', {
    config: { access: 'signedIn' },
    schema: { tags, summary: "Store this browser's push subscription for the caller", body: PushSubscriptionInput, response: { 204: z.null() } },
  }, async (request, reply) => {
    await subscribe(deps, requireUser(request).id, request.body);
    return reply.code(204).send(null);
  });

  app.delete('/api/pushMessaging', {
    config: { access: 'signedIn' },
    schema: { tags, summary: "Forget the caller's subscription for this endpoint", body: PushUnsubscribeInput, response: { 204: z.null() } },
  }, async (request, reply) => {
    await unsubscribe(deps, requireUser(request).id, request.body.endpoint);
    return reply.code(204).send(null);
  });
};
