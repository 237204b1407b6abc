import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParam } from '../../../domain/wire/common.js';
import { LayoutRecord } from '../../../domain/wire/floorplans.js';
import { requireUser } from '../../http/guard.js';
import { noContentResponse } from '../../http/openApiResponses.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { etagMatches, preferredEncoding } from '../../http/contentNegotiation.js';
import { plainLayout, publishedLayoutAnswer } from './publishedLayoutAnswer.js';

/** The compressed forms the answer is kept in, in the order they are preferred (as compression.ts prefers them). */
const CODINGS = ['br', 'gzip'] as const;

export const publishedLayoutRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/floorplans/:id/layout', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['floorplans'], params: IdParam,
      response: { 200: LayoutRecord, 304: noContentResponse('Not modified: the layout named in If-None-Match is still the published one.') },
    },
    // The answer is kept encoded and compressed per floorplan and configuration version
    // (publishedLayoutAnswer.ts) and sent as it is: no encoding or compression per request.
  }, async (request, reply) => {
    const answer = await publishedLayoutAnswer(deps.pool, request.params.id, requireUser(request).configVersion);
    if (!answer) throw notFound('A published layout for this floorplan');
    // Private: for signed-in people only. no-cache: a browser keeps it but asks each time, and a
    // layout it already holds comes back as a bodyless 304.
    reply.header('ETag', answer.etag).header('Cache-Control', 'private, no-cache').header('Vary', 'accept-encoding');
    if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send(null);
    const encoding = preferredEncoding(request.headers['accept-encoding'], CODINGS);
    reply.type('application/json; charset=utf-8');
    if (encoding === null) return reply.send(await plainLayout(answer) as never);
    return reply.header('Content-Encoding', encoding).send(answer[encoding] as never);
  });
};
