import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '../../../domain/wire/common.js';
import {
  DailyQuery, DailyResponse, DeskHeatQuery, DeskHeatResponse, InsightsQuery, InsightsResponse, InsightsSettings,
} from '../../../domain/wire/insights.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { textResponse } from '../../http/openApiResponses.js';
import { countRead } from '../../http/perPersonLimit.js';
import { daily, dailyCsv, deskHeat, insights } from './insights.service.js';
import { readInsightsSettings, writeInsightsSettings } from './insightsSettings.repo.js';
import { dailyXlsx, XLSX_TYPE } from '../insightsXlsx/dailyXlsx.service.js';

/**
 * Workplace insights (issue 25), Reporting and Admin only. Each read is a scan of up to a year of a
 * site's bookings (a few hundred milliseconds), so reads are limited per person and minute: the screen
 * asks three at a time, so 60 a minute is twenty changes of period or scope.
 */
export const INSIGHT_READS_PER_MINUTE = 60;

export const insightsRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['insights'];
  const limited = async (userId: number) => countRead(deps.pool, 'insights', userId, INSIGHT_READS_PER_MINUTE);
  // 404: the site, floor, tag or floorplan named in the query does not exist; 429: too many reads.
  const errors = { 404: ErrorResponse, 429: ErrorResponse };

  app.get('/api/insights', {
    config: { access: 'reporting' },
    schema: {
      tags, querystring: InsightsQuery, response: { 200: InsightsResponse, ...errors },
      summary: 'Utilisation (by weekday and hour), peak occupancy per day, check-in and no-show rates and cancellation lead times of a site\'s desks or rooms; figures about fewer people than the minimum group size are null',
    },
  }, async (request) => {
    await limited(requireUser(request).id);
    return insights(deps, request.query);
  });

  app.get('/api/insights/daily', {
    config: { access: 'reporting' },
    schema: { tags, querystring: DailyQuery, response: { 200: DailyResponse, ...errors }, summary: 'Per day of a site: people booked ahead, booked now and checked in (catering and cleaning)' },
  }, async (request) => {
    await limited(requireUser(request).id);
    return daily(deps, request.query);
  });

  app.get('/api/insights/daily.csv', {
    config: { access: 'reporting' },
    schema: {
      tags, querystring: DailyQuery, summary: 'The daily forecast and actuals as CSV',
      response: { 200: textResponse('text/csv', 'One line per day; suppressed counts read "fewer than N"'), ...errors },
    },
  }, async (request, reply) => {
    await limited(requireUser(request).id);
    const d = await daily(deps, request.query);
    return reply.type('text/csv; charset=utf-8').header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="daily-site-${d.SiteId}-${request.query.from}-${request.query.to}.csv"`)
      .send(dailyCsv(d));
  });

  // The same table as an Excel workbook (issue 25; insightsXlsx/dailyXlsx.service.ts): same access and limit as the CSV.
  app.get('/api/insights/daily.xlsx', {
    config: { access: 'reporting' },
    schema: {
      tags, querystring: DailyQuery, summary: 'The daily forecast and actuals as an Excel workbook (XLSX)',
      response: { 200: { description: 'One row per day; suppressed counts read "fewer than N"', content: { [XLSX_TYPE]: { schema: z.string() as unknown as z.ZodType<Buffer> } } }, ...errors },
    },
  }, async (request, reply) => {
    await limited(requireUser(request).id);
    const d = await daily(deps, request.query);
    return reply.type(XLSX_TYPE).header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="daily-site-${d.SiteId}-${request.query.from}-${request.query.to}.xlsx"`)
      .send(await dailyXlsx(d));
  });

  app.get('/api/insights/desks', {
    config: { access: 'reporting' },
    schema: { tags, querystring: DeskHeatQuery, response: { 200: DeskHeatResponse, ...errors }, summary: "Each desk of a floorplan with its utilisation over the period (the floorplan heatmap)" },
  }, async (request) => {
    await limited(requireUser(request).id);
    return deskHeat(deps, request.query);
  });

  app.get('/api/insights/settings', {
    config: { access: 'reporting' },
    schema: { tags, response: { 200: InsightsSettings }, summary: 'The minimum group size and works council mode' },
  }, async () => readInsightsSettings(deps.pool));

  app.post('/api/insights/settings', {
    config: { access: 'admin' },
    schema: { tags, body: InsightsSettings, response: { 200: InsightsSettings }, summary: 'Saves the minimum group size (2 to 100) and works council mode (Admin)' },
  }, async (request) => {
    await writeInsightsSettings(deps.pool, request.body);
    return readInsightsSettings(deps.pool);
  });
};
