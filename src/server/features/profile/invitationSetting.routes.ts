import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CalendarInvitations } from '../../../domain/ical/invitationSetting.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { invitationSetting, saveInvitationSetting } from './invitationSetting.service.js';

/**
 * The caller's own choice of calendar invitations in booking mail (issue 23). Only ever the caller's
 * own setting: there is no id to name anyone else's, so no one sees or changes another person's.
 */
export const invitationSettingRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['users'];
  app.get('/api/users/me/calendarInvitations', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'Whether my booking mail carries calendar invitations (iTIP REQUEST/CANCEL); on by default', response: { 200: CalendarInvitations } },
  }, async (request) => invitationSetting(deps, requireUser(request)));

  app.put('/api/users/me/calendarInvitations', {
    config: { access: 'signedIn' },
    schema: {
      tags, summary: 'Turn the calendar invitations in my booking mail on or off (at most 20 changes a minute)',
      body: CalendarInvitations, response: { 200: CalendarInvitations },
    },
  }, async (request) => saveInvitationSetting(deps, requireUser(request), request.body));
};
