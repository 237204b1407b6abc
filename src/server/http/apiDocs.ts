import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { openApiComponents, openApiTransform } from './openApiResponses.js';

export interface ApiDocsOptions { basePath: string; version: string; sessionCookieName: string }

/** Headers of the docs instance's answer that describe its own connection or body, not the content. */
const HOP_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/** The docs instance never validates or serializes a request of the recorded routes: it only describes them. */
const NO_COMPILERS = { buildValidator: () => () => () => true, buildSerializer: () => () => JSON.stringify } as unknown as
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * The API description, Swagger UI at <base>/api/docs and the OpenAPI document at <base>/api/docs/json,
 * built at its first request instead of at start-up (issue 19, memory): @fastify/swagger and
 * @fastify/swagger-ui, with yaml, json-schema-resolver and the UI's file server, are ~2 MiB of heap
 * that an instance whose docs nobody opens never needs.
 *
 * Every route is recorded as it is declared (an onRoute hook, as @fastify/swagger's own; the object is
 * the one later hooks complete, e.g. openApiResponses.ts's error answers). The first request under
 * /api/docs builds a second, private Fastify instance with @fastify/swagger and @fastify/swagger-ui,
 * declares the recorded routes on it (method, URL, schema, config: it never serves them), and hands
 * that request and every later one to it with inject(). Its answers go out through this app's hooks
 * (security headers, compression) as before. Call before the routes are registered.
 */
export function registerApiDocs(app: FastifyInstance, options: ApiDocsOptions): void {
  const prefix = `${options.basePath}/api/docs`;
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url !== prefix && !route.url.startsWith(`${prefix}/`)) routes.push(route);
  });

  let docs: Promise<FastifyInstance> | undefined;
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    docs ??= buildDocsInstance(routes, prefix, options).catch((err: unknown) => {
      docs = undefined; // try again at the next request
      throw err;
    });
    const { 'accept-encoding': _encoding, ...headers } = request.headers; // this app compresses the answer
    // A HEAD is this route's GET twin: asked as GET, its body is dropped by Fastify on the way out.
    const res = await (await docs).inject({ method: request.method === 'HEAD' ? 'GET' : request.method as 'GET', url: request.url, headers });
    if (res.statusCode === 404) return reply.callNotFound(); // this app's own 404, in its error format
    for (const [name, value] of Object.entries(res.headers)) if (!HOP_HEADERS.has(name) && value !== undefined) void reply.header(name, value);
    return reply.code(res.statusCode).send(res.rawPayload);
  };
  app.get(prefix, { schema: { hide: true } }, forward);
  app.get(`${prefix}/*`, { schema: { hide: true } }, forward);
  app.addHook('onClose', async () => {
    await (await docs?.catch(() => undefined))?.close();
  });
}

async function buildDocsInstance(routes: RouteOptions[], prefix: string, options: ApiDocsOptions): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([import('@fastify/swagger'), import('@fastify/swagger-ui')]);
  // HEAD twins are declared as recorded (the docs leave them out), not made again from the GETs.
  const docs = Fastify({ logger: false, exposeHeadRoutes: false, schemaController: { compilersFactory: NO_COMPILERS } });
  await docs.register(swagger, {
    openapi: { info: { title: 'Hotdesk API', version: options.version }, components: openApiComponents(options.sessionCookieName) },
    transform: openApiTransform,
  });
  await docs.register(swaggerUi, { routePrefix: prefix, uiConfig: { docExpansion: 'list' } });
  const described = () => undefined;
  for (const r of routes) {
    docs.route({ method: r.method, url: r.url, schema: r.schema, config: r.config, constraints: r.constraints, handler: described });
  }
  await docs.ready();
  return docs;
}
