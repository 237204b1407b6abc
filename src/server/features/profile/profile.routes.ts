import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProfileSaveInput, ProfileSaveRefusal, ProfileSaveResponse } from '../../../domain/wire/admin.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../http/errors.js';
import { toErrorReply } from '../../http/errorHandler.js';
import { requireUser } from '../../http/guard.js';
import { invitationSettingRoutes } from './invitationSetting.routes.js';
import { saveMyProfile } from './profile.service.js';

export const profileRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  await app.register(invitationSettingRoutes(deps));
  // SPEC 7: the answer has Success and Error. A refused save is a 400 whose body carries both the
  // usual { Error, Code, Errors } and Success: false, so either reading of the contract works.
  app.post('/api/users/me', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['users'],
      summary: 'Save my profile: FullName, Organisation, Phone (all non-empty), UseTeams (true or false), Photo { Type, Data } (PNG/JPEG/GIF/WebP, at most 256 KB; null removes it), HideNameOnMap (true hides your name from others on the desk map and in Who\'s in; absent keeps it)',
      body: ProfileSaveInput, response: { 200: ProfileSaveResponse, 400: ProfileSaveRefusal },
    },
  }, async (request, reply) => {
    try {
      return await saveMyProfile(deps, requireUser(request), request.body);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'BAD_INPUT') throw err;
      const { status, body } = toErrorReply(err);
      return reply.code(status as 400).send({ Success: false, ...body });
    }
  });
};
