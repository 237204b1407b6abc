import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { GlobalSettings, GlobalSettingsInput, SettingsResponse } from '../../../domain/wire/settings.js';
import type { AppDeps } from '../../deps.js';
import { textResponse } from '../../http/openApiResponses.js';
import { requireUser } from '../../http/guard.js';
import { saveGlobalSettings, settingsFor } from './settings.service.js';

const LOGO = readFileSync(fileURLToPath(new URL('./logo.svg', import.meta.url)));

export const settingsRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/settings', {
    config: { access: 'signedIn' },
    schema: { tags: ['settings'], response: { 200: SettingsResponse } },
  }, async (request) => settingsFor(deps.pool, requireUser(request).id));

  app.post('/api/settings', {
    config: { access: 'admin' },
    schema: { tags: ['settings'], body: GlobalSettingsInput, response: { 200: GlobalSettings } },
  }, async (request) => saveGlobalSettings(deps.pool, request.body, requireUser(request)));

  // The organisation logo. One built-in mark for now; the deployment can replace the file.
  app.get('/api/logo', {
    config: { access: 'anonymous' }, schema: { tags: ['settings'], response: { 200: textResponse('image/svg+xml', 'The logo (SVG)') } },
  }, async (_request, reply) =>
    reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=3600').send(LOGO));

  app.get('/meta.json', {
    config: { access: 'anonymous' },
    schema: { tags: ['settings'], response: { 200: z.object({ version: z.string() }) } },
  }, async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ version: deps.version }));
};
