import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.js';
import { registerErrorHandling } from './http/errorHandler.js';
import { registerCaseInsensitiveBodies } from './http/caseInsensitiveBody.js';
import { registerOriginCheck } from './http/originCheck.js';
import { registerSecurityHeaders } from './http/securityHeaders.js';
import { registerGuard } from './http/guard.js';
import { registerWebAssets } from './http/webAssets.js';
import { authRoutes } from './auth/auth.routes.js';
import { oidcRoutes } from './auth/oidc.routes.js';
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

export interface BuildOptions {
  /** Serve the built web app (tests of the API alone skip it). */
  web?: boolean;
  logger?: boolean;
}

/** Request bodies above this are refused with 413 (hostile input; a 5,000-desk layout is ~1 MB). */
const BODY_LIMIT = 4 * 1024 * 1024;

/** The Fastify instance: the process entry and the tests both build it here. */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurityHeaders(app, config.secureCookies);
  await app.register(cookie);
  registerOriginCheck(app, config.publicUrl?.origin);
  registerGuard(app, deps.sessions, config.basePath);
  registerCaseInsensitiveBodies(app);

  await app.register(swagger, {
    openapi: { info: { title: 'Hotdesk API', version: deps.version } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${config.basePath}/api/docs`, uiConfig: { docExpansion: 'list' } });

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
  }, { prefix: config.basePath });

  if (options.web !== false) await registerWebAssets(app, config.basePath);
  return app;
}
