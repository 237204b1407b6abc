import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam } from '../../../domain/wire/common.js';
import { UNDERLAY_UPLOAD, UnderlayImage } from '../../../domain/layout/underlay.js';
import type { AppDeps } from '../../deps.js';
import { isAdmin } from '../../../domain/permissions.js';
import { requireUser } from '../../http/guard.js';
import * as service from './underlay.service.js';

/** What a route may send as a body that is not JSON (sent as is, never serialized). */
type RawBody = Buffer;
const imageSchema = z.string() as unknown as z.ZodType<RawBody>;

/**
 * Plan images under a layout (issue 21). Upload: whoever may edit layouts (admins, as every floorplan
 * write). Read: admins every image of a floor (the editor shows drafts); anyone else signed in only the
 * image the floor's published layout names, as the published layout itself is readable
 * (publishedLayout.routes.ts): the booking view draws it under the desks when the floor chooses so.
 */
export const underlayRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['floorplans'];

  // The file's bytes are the body, whatever type the browser guesses for it: the service recognises the
  // image by its first bytes. Registered here only, so no other route takes raw bodies.
  app.addContentTypeParser(['application/octet-stream', 'image/png', 'image/jpeg', 'image/svg+xml'],
    { parseAs: 'buffer', bodyLimit: UNDERLAY_UPLOAD.maxUploadBytes }, (_request, body, done) => done(null, body));

  app.post('/api/floorplans/:id/underlays', {
    config: { access: 'admin' },
    bodyLimit: UNDERLAY_UPLOAD.maxUploadBytes,
    schema: {
      tags, params: IdParam,
      description: 'Upload a plan image (PNG, JPEG or SVG; the file itself as the body, at most 10 MB) for this floorplan. '
        + 'It is recognised by its bytes, re-encoded to PNG (or WebP) without metadata, scaled to at most 8,000 px a side; '
        + 'SVG is rasterised. 400 names what is wrong with a file that is not a usable image; 429 past 10 uploads a minute.',
      response: { 201: UnderlayImage },
    },
  }, async (request, reply) =>
    reply.code(201).send(await service.uploadUnderlay(deps.pool, request.params.id, request.body, requireUser(request).id)));

  app.get('/api/floorplans/underlays/:imageId', {
    config: { access: 'signedIn' },
    schema: {
      tags, params: ImageParams,
      response: {
        200: {
          description: 'The plan image. Never changes for an id, so it is cached for a year.',
          content: { 'image/png': { schema: imageSchema }, 'image/webp': { schema: imageSchema } },
        },
      },
    },
  }, async (request, reply) => {
    const image = await service.readUnderlay(deps.pool, request.params.imageId, isAdmin(requireUser(request).caller));
    // Private: for signed-in people only. An id always names the same bytes, hence immutable.
    return reply.type(image.contentType).header('Cache-Control', 'private, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff').send(image.bytes);
  });
};

// The image id alone: the drawing that names it knows no floorplan id (the view draws any drawing).
const ImageParams = z.object({ imageId: z.uuid() });
