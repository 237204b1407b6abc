import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParam } from '../../../domain/wire/common.js';
import {
  CheckInCounts, CheckInCountsParams, CheckInReport, CheckInReportParams, DeskCheckInResult, DeskCheckInState, DeskPlaceParams, DeskQrSheet, LocationDeskCheckIn, LocationDeskCheckInInput, SiteDeskCheckIn, SiteDeskCheckInInput,
} from '../../../domain/wire/deskCheckIn.js';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../../http/guard.js';
import { checkInCounts } from './checkInCounts.js';
import { checkInReport } from './checkInReport.js';
import { bookNowAndCheckIn, checkInAtDesk, deskCheckInState } from './deskCheckIn.service.js';
import { changeLocationSetting, changeSiteSetting, deskQrSheet, locationSetting, siteSetting } from './deskCheckInSettings.service.js';

/**
 * Desk check-in (issue 24). The scan routes need a signed-in person (the page asks for sign-in and
 * returns): a desk booking belongs to an account, and "book now" books as that account. The setting
 * and the QR sheet are admin-only, like the rest of Configure Sites.
 */
export const deskCheckInRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['desk check-in'];

  app.get('/api/sites/:id/desk-check-in', {
    config: { access: 'admin' },
    schema: { tags, summary: "A site's desk check-in setting", params: IdParam, response: { 200: SiteDeskCheckIn } },
  }, async (request) => siteSetting(deps, request.params.id));

  app.put('/api/sites/:id/desk-check-in', {
    config: { access: 'admin' },
    schema: { tags, summary: "Changes a site's desk check-in setting (window: 0-120 minutes before, 15-240 after)", params: IdParam, body: SiteDeskCheckInInput, response: { 200: SiteDeskCheckIn } },
  }, async (request) => changeSiteSetting(deps, request.params.id, request.body));

  app.get('/api/locations/:id/desk-check-in', {
    config: { access: 'admin' },
    schema: { tags, summary: "A location's desk check-in override (null: the site's) and the site's setting", params: IdParam, response: { 200: LocationDeskCheckIn } },
  }, async (request) => locationSetting(deps, request.params.id));

  app.put('/api/locations/:id/desk-check-in', {
    config: { access: 'admin' },
    schema: { tags, summary: "Changes a location's desk check-in override (null inherits; the window whole or not at all)", params: IdParam, body: LocationDeskCheckInInput, response: { 200: LocationDeskCheckIn } },
  }, async (request) => changeLocationSetting(deps, request.params.id, request.body));

  app.get('/api/floorplans/:id/desk-qr-sheet', {
    config: { access: 'admin' },
    schema: { tags, summary: "The bookable desks of a floorplan's published layout, for its printable QR sheet", params: IdParam, response: { 200: DeskQrSheet } },
  }, async (request) => deskQrSheet(deps, request.params.id));

  app.get('/api/desk-check-in/:floorplanId/:deskId', {
    config: { access: 'signedIn' },
    schema: { tags, summary: "What scanning a desk's code finds for the caller: their booking there, the window, taken or free now; rate-limited", params: DeskPlaceParams, response: { 200: DeskCheckInState } },
  }, async (request) => deskCheckInState(deps, requireUser(request), request.params.floorplanId, request.params.deskId));

  app.post('/api/desk-check-in/:floorplanId/:deskId', {
    config: { access: 'signedIn' },
    schema: { tags, summary: "Checks in the caller's own booking at this desk, inside the window; rate-limited", params: DeskPlaceParams, response: { 200: DeskCheckInResult } },
  }, async (request) => checkInAtDesk(deps, requireUser(request), request.params.floorplanId, request.params.deskId));

  app.post('/api/desk-check-in/:floorplanId/:deskId/book-now', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'Books the free desk for the rest of the day under every desk rule and checks it in; rate-limited', params: DeskPlaceParams, response: { 200: DeskCheckInResult } },
  }, async (request) => bookNowAndCheckIn(deps, requireUser(request), request.params.floorplanId, request.params.deskId));

  app.get('/api/bookings/stats/check-ins/from/:from/to/:to', {
    config: { access: 'reporting' },
    schema: { tags: ['reporting'], summary: 'Desk and room bookings starting in the range: checked in, and released as no-shows', params: CheckInCountsParams, response: { 200: CheckInCounts } },
  }, async (request) => checkInCounts(deps, request.params.from, request.params.to));

  app.get('/api/bookings/stats/check-ins/site/:siteId/from/:from/to/:to', {
    config: { access: 'reporting' },
    schema: {
      tags: ['reporting'],
      summary: "One site's desk and room bookings of a period (its local days, at most 366) that needed a check-in, were checked in and were released as no-shows, with rates; null when about fewer people than the insights minimum group size",
      params: CheckInReportParams, response: { 200: CheckInReport },
    },
  }, async (request) => checkInReport(deps, request.params));
};
