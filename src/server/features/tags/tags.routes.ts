import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Id, IdParam } from '../../../domain/wire/common.js';
import { Tag, TagAssignInput, TagInput, TagList, TagSearch, TagSearchByType } from '../../../domain/wire/tags.js';
import type { AppDeps } from '../../deps.js';
import { assignTags, changeTag, createTag, findTags, listTagsOfType, tagsOf } from './tags.service.js';

const KindParams = z.object({ kind: z.string().max(20), id: Id });

export const tagsRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['tags'];

  app.post('/api/tags', {
    config: { access: 'admin' },
    schema: { tags, summary: 'Create a tag', body: TagInput, response: { 201: Tag } },
  }, async (request, reply) => reply.code(201).send(await createTag(deps, request.body)));

  app.post('/api/tags/search', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'Tags whose label contains the query (at most 50)', body: TagSearch, response: { 200: TagList } },
  }, async (request) => findTags(deps, request.body.query, null));

  app.post('/api/tags/searchbytype', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'Tags of a type whose label contains the query (at most 50)', body: TagSearchByType, response: { 200: TagList } },
  }, async (request) => findTags(deps, request.body.query, request.body.type));

  app.get('/api/tags/byType/:type', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'All tags of a type (1 User, 2 Desk, 3 Room, 4 Location, 5 Site)', params: z.object({ type: z.coerce.number().int().min(1).max(5) }), response: { 200: TagList } },
  }, async (request) => listTagsOfType(deps, request.params.type));

  app.get('/api/tags/assigned/:kind/:id', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'Tags of a person, room, location or site (kind user|room|location|site or 1|3|4|5)', params: KindParams, response: { 200: TagList } },
  }, async (request) => tagsOf(deps, request.params.kind, request.params.id));

  app.post('/api/tags/assign/:kind/:id', {
    config: { access: 'admin' },
    schema: { tags, summary: 'Replace the tags of a person, room, location or site; body: tag ids', params: KindParams, body: TagAssignInput, response: { 200: TagList } },
  }, async (request) => assignTags(deps, request.params.kind, request.params.id, request.body));

  app.post('/api/tags/:id', {
    config: { access: 'admin' },
    schema: { tags, summary: 'Update a tag', params: IdParam, body: TagInput, response: { 200: Tag } },
  }, async (request) => changeTag(deps, request.params.id, request.body));
};
