import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SeriesCancelInput, SeriesCancelled, SeriesChanged, SeriesChangeInput, SeriesDecided, SeriesDecisionInput, SeriesDetail, SeriesIdParam,
} from '../../../domain/wire/seriesManage.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { countRead } from '../../http/perPersonLimit.js';
import { getSeriesDetail } from './seriesDetail.service.js';
import { cancelSeries, decideSeries } from './seriesManage.service.js';
import { changeSeries } from './seriesManageChange.service.js';

/**
 * Each call reads (and may write) every occurrence of a series, up to SERIES_MAX_OCCURRENCES rows:
 * calls are limited per person and minute (counted in PostgreSQL, as the room series routes are),
 * far above what a person looking at and managing their bookings needs. Reads and changes count apart,
 * so opening series one after another never stops a cancellation.
 */
export const SERIES_READS_PER_MINUTE = 60;
export const SERIES_CHANGES_PER_MINUTE = 30;

export const seriesManageRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/bookings/series/:seriesId', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['bookings'],
      summary: 'A repeating booking with every occurrence (its booker, on-behalf person, Admins, room admins of its room, Booking Managers for desks; 404 to anyone else)',
      params: SeriesIdParam, response: { 200: SeriesDetail },
    },
  }, async (request) => {
    const user = requireUser(request);
    await countRead(deps.pool, 'seriesRead', user.id, SERIES_READS_PER_MINUTE);
    return getSeriesDetail(deps, user, request.params.seriesId);
  });

  app.post('/api/bookings/series/:seriesId/cancel', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['bookings'],
      summary: 'Cancel the occurrences from From on (absent: all not yet started); someone else\'s series only with a Reason',
      params: SeriesIdParam, body: SeriesCancelInput, response: { 200: SeriesCancelled },
    },
  }, async (request) => {
    const user = requireUser(request);
    await countRead(deps.pool, 'seriesChange', user.id, SERIES_CHANGES_PER_MINUTE);
    return cancelSeries(deps, user, request.params.seriesId, request.body);
  });

  app.post('/api/bookings/series/:seriesId/change', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['bookings'],
      summary: 'Move the occurrences from From on to StartTime-FinishTime on the site\'s clock: all of them or none (409 names clashing days)',
      params: SeriesIdParam, body: SeriesChangeInput, response: { 200: SeriesChanged },
    },
  }, async (request) => {
    const user = requireUser(request);
    await countRead(deps.pool, 'seriesChange', user.id, SERIES_CHANGES_PER_MINUTE);
    return changeSeries(deps, user, request.params.seriesId, request.body);
  });

  app.post('/api/approvals/series/:seriesId', {
    config: { access: 'roomApprover' },
    schema: {
      tags: ['approvals'],
      summary: 'Approve or reject (with a Reason) every pending occurrence of a repeating request at once (its room admins, Admins)',
      params: SeriesIdParam, body: SeriesDecisionInput, response: { 200: SeriesDecided },
    },
  }, async (request) => {
    const user = requireUser(request);
    await countRead(deps.pool, 'seriesChange', user.id, SERIES_CHANGES_PER_MINUTE);
    return decideSeries(deps, user, request.params.seriesId, request.body);
  });
};
