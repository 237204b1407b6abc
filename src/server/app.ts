import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.js';
import { registerErrorHandling } from './http/errorHandler.js';
import { registerCaseInsensitiveBodies } from './http/caseInsensitiveBody.js';
import { registerOriginCheck } from './http/originCheck.js';
import { registerSecurityHeaders } from './http/securityHeaders.js';
import { registerGuard } from './http/guard.js';
import { registerOpenApiResponses } from './http/openApiResponses.js';
import { registerApiDocs } from './http/apiDocs.js';
import { registerMethodNotAllowed } from './http/methodNotAllowed.js';
import { signedInPagePreloads } from './http/pagePreloads.js';
import { editorScreenHints } from './features/floorplans/editorScreenHints.js';
import { deskScreenHints } from './features/deskBooking/deskScreenHints.js';
import { roomScreenHints } from './features/roomBooking/roomScreenHints.js';
import { ScreenModules } from './http/screenModules.js';
import { registerWebAssets, WEB_DIST } from './http/webAssets.js';
import { registerCompression } from './http/compression.js';
import { authRoutes } from './auth/auth.routes.js';
import { oidcRoutes } from './auth/oidc.routes.js';
import { sessionCookieName } from './auth/cookies.js';
import { usersRoutes } from './features/users/users.routes.js';
import { settingsRoutes } from './features/settings/settings.routes.js';
import { healthRoutes } from './features/health/health.routes.js';
import { sitesRoutes } from './features/sites/sites.routes.js';
import { locationsRoutes } from './features/locations/locations.routes.js';
import { roomsRoutes } from './features/rooms/rooms.routes.js';
import { tagsRoutes } from './features/tags/tags.routes.js';
import { teamsRoutes } from './features/teams/teams.routes.js';
import { peopleRoutes } from './features/people/people.routes.js';
import { deskBookingRoutes } from './features/deskBooking/deskBooking.routes.js';
import { publishedLayoutRoutes } from './features/floorplans/publishedLayout.routes.js';
import { floorplansRoutes } from './features/floorplans/floorplans.routes.js';
import { underlayRoutes } from './features/floorplans/underlay.routes.js';
import { roomBookingRoutes } from './features/roomBooking/roomBooking.routes.js';
import { roomSeriesRoutes } from './features/bookingSeries/roomSeries.routes.js';
import { deskSeriesRoutes } from './features/bookingSeries/deskSeries.routes.js';
import { seriesManageRoutes } from './features/bookingSeries/seriesManage.routes.js';
import { approvalsRoutes } from './features/approvals/approvals.routes.js';
import { bookingUpdateRoutes } from './features/bookingUpdate/bookingUpdate.routes.js';
import { myBookingsRoutes } from './features/myBookings/myBookings.routes.js';
import { bookingCalendarFileRoutes } from './features/myBookings/bookingCalendarFile.routes.js';
import { cancellationRoutes } from './features/cancellation/cancellation.routes.js';
import { checkInRoutes } from './features/checkIn/checkIn.routes.js';
import { deskCheckInRoutes } from './features/deskCheckIn/deskCheckIn.routes.js';
import { calendarFeedRoutes } from './features/calendarFeed/calendarFeed.routes.js';
import { roomFreeBusyRoutes } from './features/roomFreeBusy/roomFreeBusy.routes.js';
import { receptionRoutes } from './features/reception/reception.routes.js';
import { userManagementRoutes } from './features/userManagement/userManagement.routes.js';
import { profileRoutes } from './features/profile/profile.routes.js';
import { teamsAdminRoutes } from './features/teamsAdmin/teamsAdmin.routes.js';
import { bookingSearchRoutes } from './features/bookingSearch/bookingSearch.routes.js';
import { reportingRoutes } from './features/reporting/reporting.routes.js';
import { insightsRoutes } from './features/insights/insights.routes.js';
import { forecastMailRoutes } from './features/forecastMail/forecastMail.routes.js';
import { pushRoutes } from './features/push/push.routes.js';
import { whosInRoutes } from './features/whosIn/whosIn.routes.js';
import { favouriteDesksRoutes } from './features/favouriteDesks/favouriteDesks.routes.js';
import { closuresRoutes } from './features/closures/closures.routes.js';
import { personalDataRoutes } from './features/personalData/personalData.routes.js';
import { liveRoutes } from './features/live/live.routes.js';
import { displaysRoutes } from './features/displays/displays.routes.js';
import { auditRoutes } from './features/audit/audit.routes.js';
import { retentionRoutes } from './features/retention/retention.routes.js';
import { inboundMailPlugin } from './features/inboundMail/inboundMail.plugin.js';

export interface BuildOptions {
  /** Serve the built web app (tests of the API alone skip it), from dist/web or the given folder. */
  web?: boolean | { distDir: string };
  logger?: boolean;
}

/** Request bodies above this are refused with 413 (hostile input; a 5,000-desk layout is ~1 MB). */
const BODY_LIMIT = 4 * 1024 * 1024;

/**
 * Every route validates and serializes with zod (setValidatorCompiler/setSerializerCompiler at the root
 * below, so for all routes). Naming them as the compiler factories too keeps Fastify from loading its
 * default Ajv and fast-json-stringify compilers, which no route would use: ~1.5 MiB of heap at rest
 * (issue 19, memory). Fastify types these factories for Ajv, hence the cast.
 */
const ZOD_COMPILERS = { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler } as unknown as
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/** The Fastify instance: the process entry and the tests both build it here. */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 500 },
    // Two log lines per request cost measurable CPU on the booking path; they are kept for debug levels.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    schemaController: { compilersFactory: ZOD_COMPILERS },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurityHeaders(app, config.secureCookies);
  await app.register(cookie);
  registerOriginCheck(app, config.publicUrl?.origin);
  registerGuard(app, deps.sessions, config.basePath, sessionCookieName(config));
  registerCaseInsensitiveBodies(app);
  registerOpenApiResponses(app, config.basePath);
  registerMethodNotAllowed(app);
  registerCompression(app);

  // Built at the first request under /api/docs, not now (apiDocs.ts); before the routes, which it records.
  registerApiDocs(app, { basePath: config.basePath, version: deps.version, sessionCookieName: sessionCookieName(config) });
  // Off unless METRICS_TOKEN is set; before the routes, whose requests it times. Loaded only then:
  // prom-client and its dependencies are heap an instance without metrics never uses (issue 19, memory).
  if (config.metricsToken) (await import('./features/metrics/metrics.routes.js')).registerMetrics(app, deps);

  await app.register(async (scoped) => {
    await scoped.register(healthRoutes(deps));
    await scoped.register(authRoutes(deps));
    await scoped.register(oidcRoutes(deps));
    await scoped.register(usersRoutes(deps));
    await scoped.register(settingsRoutes(deps));
    await scoped.register(sitesRoutes(deps));
    await scoped.register(locationsRoutes(deps));
    await scoped.register(roomsRoutes(deps));
    await scoped.register(tagsRoutes(deps));
    await scoped.register(teamsRoutes(deps));
    await scoped.register(peopleRoutes(deps));
    await scoped.register(deskBookingRoutes(deps));
    await scoped.register(publishedLayoutRoutes(deps));
    await scoped.register(floorplansRoutes(deps));
    await scoped.register(underlayRoutes(deps));
    await scoped.register(roomBookingRoutes(deps));
    await scoped.register(roomSeriesRoutes(deps));
    await scoped.register(deskSeriesRoutes(deps));
    await scoped.register(seriesManageRoutes(deps));
    await scoped.register(approvalsRoutes(deps));
    await scoped.register(bookingUpdateRoutes(deps));
    await scoped.register(myBookingsRoutes(deps));
    await scoped.register(bookingCalendarFileRoutes(deps));
    await scoped.register(cancellationRoutes(deps));
    await scoped.register(checkInRoutes(deps));
    await scoped.register(deskCheckInRoutes(deps));
    await scoped.register(calendarFeedRoutes(deps));
    await scoped.register(roomFreeBusyRoutes(deps));
    await scoped.register(receptionRoutes(deps));
    await scoped.register(userManagementRoutes(deps));
    await scoped.register(profileRoutes(deps));
    await scoped.register(teamsAdminRoutes(deps));
    await scoped.register(bookingSearchRoutes(deps));
    await scoped.register(reportingRoutes(deps));
    await scoped.register(insightsRoutes(deps));
    await scoped.register(forecastMailRoutes(deps));
    await scoped.register(pushRoutes(deps));
    await scoped.register(whosInRoutes(deps));
    await scoped.register(favouriteDesksRoutes(deps));
    await scoped.register(closuresRoutes(deps));
    await scoped.register(personalDataRoutes(deps));
    await scoped.register(liveRoutes(deps));
    await scoped.register(displaysRoutes(deps));
    await scoped.register(auditRoutes(deps));
    await scoped.register(retentionRoutes(deps));
    await scoped.register(inboundMailPlugin(deps));
  }, { prefix: config.basePath });

  if (options.web !== false) {
    const distDir = typeof options.web === 'object' ? options.web.distDir : WEB_DIST;
    const preloads = signedInPagePreloads(deps.sessions, new ScreenModules(distDir), config.basePath, [deskScreenHints(deps.pool), roomScreenHints, editorScreenHints], sessionCookieName(config));
    await registerWebAssets(app, config.basePath, { distDir, preloads });
  }
  return app;
}
