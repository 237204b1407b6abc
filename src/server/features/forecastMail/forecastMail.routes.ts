import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParam } from '../../../domain/wire/common.js';
import { ForecastMailInput, ForecastMailSetting } from '../../../domain/wire/forecastMail.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { changeForecastMail, forecastMailSetting } from './forecastMail.service.js';

/**
 * A site's daily forecast mail switch (issue 25): Admin only, like the rest of the site's page.
 */
export const forecastMailRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['insights'];

  app.get('/api/sites/:id/forecast-mail', {
    config: { access: 'admin' },
    schema: { tags, summary: "A site's daily forecast mail setting and the address it goes to", params: IdParam, response: { 200: ForecastMailSetting } },
  }, async (request) => forecastMailSetting(deps, request.params.id));

  app.put('/api/sites/:id/forecast-mail', {
    config: { access: 'admin' },
    schema: { tags, summary: "Turns a site's daily forecast mail (06:00 site time, working days, to its NotificationEmail) on or off", params: IdParam, body: ForecastMailInput, response: { 200: ForecastMailSetting } },
  }, async (request) => changeForecastMail(deps, requireUser(request), request.params.id, request.body.Enabled));
};
