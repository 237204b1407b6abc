import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccessLevel } from '../../domain/permissions.js';
import { ErrorResponse } from '../../domain/wire/common.js';
import { NARROWED_IN_SERVICE } from '../security/accessMatrix.js';

/**
 * The API description (/api/docs/json) says every answer a route can give, not only its success:
 * the error answers come from one onRoute hook here, by the route's shape (its access level, method,
 * path parameters) and a short table of route-specific ones below; the routes declare only what is
 * theirs (a CSV or calendar body, a redirect, 204). The same hook makes query strings strict: an
 * unknown query parameter is refused with 400 unless the route's querystring schema opts out by being
 * a loose object (z.looseObject / .passthrough(), e.g. the OpenID Connect callback).
 *
 * The error schema is added to route.schema.response, so error bodies are also encoded with it: the
 * answer and its description cannot drift apart. openApiTruth.test.ts calls every route and checks
 * that what it answers is described.
 */

/** The name of the shared error schema in components.schemas. */
export const ERROR_COMPONENT = 'ErrorResponse';
/** The name of the cookie sign-in in components.securitySchemes. */
export const SESSION_SCHEME = 'session';
/** The bearer token of GET /metrics (METRICS_TOKEN) in components.securitySchemes. */
export const METRICS_SCHEME = 'metricsToken';

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad input: a parameter, query parameter or body field is missing, unknown or breaks a rule (Errors names the fields).',
  401: 'Not signed in (or the sign-in failed).',
  403: 'Signed in, but not allowed to do this; or an unsafe request from another site.',
  404: 'The thing asked for does not exist (or is not visible to the caller).',
  409: 'Conflicts with the current state (e.g. changed meanwhile, still in use, already booked).',
  413: 'The request body is too large.',
  415: 'The body is not of a type this route takes (see the route description).',
  429: 'Too many attempts; wait and try again.',
  503: 'The database (or the identity provider) cannot be reached; try again (see Retry-After).',
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Routes that never reach the database (everything else may answer 503 when it is down). */
const NO_DATABASE = new Set(['GET /healthz', 'GET /api/logo', 'GET /meta.json', 'GET /api/users/current/isAuthenticated']);

/** Routes with path parameters whose answer is a (possibly empty) list, never 404. */
const NEVER_NOT_FOUND = new Set([
  'GET /api/users/search/:text', 'GET /api/users/searchTeams/:text', 'GET /api/sites/byRoomType/:type', 'GET /api/tags/byType/:type',
  'GET /api/bookings/for/:floorplanId', 'GET /api/tags/assigned/:kind/:id',
]);

/** Routes without path parameters that load something named in the body (or the caller's account): 404. */
const NOT_FOUND_WITHOUT_PARAMS = new Set([
  'GET /api/settings', 'POST /api/bookings/desk', 'POST /api/bookings/room', 'POST /api/rooms', 'POST /api/bookings/searchRooms',
  'POST /api/bookings/searchDesks', 'DELETE /api/bookings', 'GET /api/bookings/pendingApprovals/count',
  'POST /api/bookings/room/series/preview', 'POST /api/bookings/room/series',
  'POST /api/bookings/desk/series/preview', 'POST /api/bookings/desk/series',
  'GET /api/closures', 'GET /api/closures/manage', 'POST /api/closures/preview', 'POST /api/closures', 'POST /api/closures/import',
]);

/** Unsafe-method routes that write nothing a constraint or a concurrent change could refuse (no 409). */
const NO_CONFLICT = new Set([
  'POST /api/tags/search', 'POST /api/tags/searchbytype', 'POST /api/rooms/availability', 'POST /api/bookings/searchRooms',
  'POST /api/bookings/searchDesks', 'POST /auth/logout', 'POST /api/bookings/room/series/preview', 'POST /api/closures/preview',
]);

/** Route-specific answers the rules above do not give. */
const EXTRA: Record<string, number[]> = {
  'POST /auth/login': [401, 429],
  'GET /auth/oidc/callback': [401],
  // Signed out: check-in attempts and page reads are limited per address (checkIn/checkInLimiter.ts).
  'POST /api/bookings/check-in/:bookingId': [429],
  'GET /api/bookings/check-in/:siteId/:locationId/:roomId': [429], 'GET /api/rooms/:id/check-in-info': [429],
  // Desk check-in scans, check-ins and "book now" per person and minute (deskCheckIn/deskCheckIn.service.ts).
  'GET /api/desk-check-in/:floorplanId/:deskId': [429], 'POST /api/desk-check-in/:floorplanId/:deskId': [429], 'POST /api/desk-check-in/:floorplanId/:deskId/book-now': [429],
  // New push endpoints per person and hour (push/push.service.ts).
  'POST /api/pushMessaging': [429],
  // Who's in reads per person and minute (whosIn/readLimit.ts).
  'GET /api/whos-in': [429], 'GET /api/bookings/for/:floorplanId/near-team': [429],
  // Calendar file downloads per person and minute (myBookings/bookingCalendarFile.ts).
  'GET /api/bookings/my/:id.ics': [429],
  // Room bookings and booking changes that mail others charge the person's hourly e-mail allowance
  // (notifications/mailLimit.ts); desk bookings and cancellations mail no one chosen by the caller.
  'POST /api/bookings/room': [429], 'POST /api/bookings/:id': [429],
  // Plan image uploads per person and minute; a body that is not a file is 415 (floorplans/underlay.routes.ts).
  'POST /api/floorplans/:id/underlays': [415, 429],
  // Holiday imports per admin and minute (closures/closures.service.ts).
  'POST /api/closures/import': [429],
  // Invitation setting changes per person and minute (profile/invitationSetting.routes.ts).
  'PUT /api/users/me/calendarInvitations': [429],
  // Series reads and changes per person and minute (bookingSeries/seriesManage.routes.ts).
  // Series previews and bookings per person and minute (bookingSeries/roomSeries.routes.ts, deskSeries.routes.ts).
  'POST /api/bookings/room/series/preview': [429], 'POST /api/bookings/room/series': [429],
  'POST /api/bookings/desk/series/preview': [429], 'POST /api/bookings/desk/series': [429],
  'GET /api/bookings/series/:seriesId': [429], 'POST /api/bookings/series/:seriesId/cancel': [429], 'POST /api/bookings/series/:seriesId/change': [429],
  'POST /api/approvals/series/:seriesId': [429],
  // Personal data downloads per person and hour (personalData/personalDataExport.service.ts).
  'GET /api/me/data': [429],
  // Audit log exports per admin and minute (audit/audit.service.ts).
  'GET /api/admin/audit/export': [429],
};

/** The error statuses `route` (e.g. 'GET /api/sites/:id', without the base path) can answer. */
export function errorStatusesOf(route: string, access: AccessLevel): number[] {
  const [method = 'GET', path = ''] = route.split(' ');
  const unsafe = !SAFE_METHODS.has(method);
  const statuses = new Set<number>([400]); // every route refuses unknown query parameters
  if (access !== 'anonymous') statuses.add(401);
  if ((access !== 'anonymous' && access !== 'signedIn') || unsafe || NARROWED_IN_SERVICE.has(route)) statuses.add(403);
  if ((path.includes('/:') && !NEVER_NOT_FOUND.has(route)) || NOT_FOUND_WITHOUT_PARAMS.has(route)) statuses.add(404);
  if (unsafe && !NO_CONFLICT.has(route)) statuses.add(409);
  if (unsafe) statuses.add(413); // a body is read (and limited) on every unsafe method
  if (!NO_DATABASE.has(route)) statuses.add(503);
  for (const s of EXTRA[route] ?? []) statuses.add(s);
  return [...statuses].sort((a, b) => a - b);
}

/** The route keys the tables above name: a test checks each is a real route, so they cannot rot. */
export const ROUTE_TABLE_KEYS = [...NO_DATABASE, ...NEVER_NOT_FOUND, ...NOT_FOUND_WITHOUT_PARAMS, ...NO_CONFLICT, ...Object.keys(EXTRA)];

// ---- Route-specific answers, declared by the routes -------------------------------------------------

interface BodylessDoc { description: string; headers?: Record<string, { type: 'string'; description: string }> }
const BODYLESS = new WeakMap<object, BodylessDoc>();

/** A redirect (302/303) to the URL in its Location header; no body. */
export function redirectResponse(description: string): z.ZodNull {
  const schema = z.null();
  BODYLESS.set(schema, { description, headers: { Location: { type: 'string', description: 'Where the browser goes next' } } });
  return schema;
}

/** 204: done, no body. */
export function noContentResponse(description = 'Done; no body.'): z.ZodNull {
  const schema = z.null();
  BODYLESS.set(schema, { description });
  return schema;
}

/** What a route may send as a body that is not JSON (it is sent as is, never serialized). */
type RawBody = string | Uint8Array | NodeJS.ReadableStream;

/** A body that is not JSON: a CSV file, an iCalendar feed, plain text, an image. Described as a string. */
export function textResponse(contentType: 'text/csv' | 'text/calendar' | 'text/plain' | 'text/event-stream' | 'image/svg+xml', description: string) {
  return { description, content: { [contentType]: { schema: z.string() as unknown as z.ZodType<RawBody> } } };
}

// ---- The hook ------------------------------------------------------------------------------------

type RouteSchema = NonNullable<RouteOptions['schema']> & { security?: unknown };

export function registerOpenApiResponses(app: FastifyInstance, basePath: string): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    if (!access || route.schema?.hide) return; // pages and files are not part of the API
    // A copy: one schema object may serve several routes (GET and POST sign-out, a GET and its HEAD).
    const schema: RouteSchema = { ...route.schema, response: { ...(route.schema?.response as object | undefined) } };
    route.schema = schema;

    const query = schema.querystring;
    if (query === undefined) schema.querystring = z.strictObject({});
    else if (query instanceof z.ZodObject && query.def.catchall === undefined) schema.querystring = query.strict();

    const first = [route.method].flat()[0] ?? 'GET';
    const method = first === 'HEAD' ? 'GET' : first; // a GET's HEAD twin answers as the GET does
    const response = schema.response as Record<string, unknown>;
    for (const status of errorStatusesOf(`${method} ${route.url.slice(basePath.length)}`, access)) response[status] ??= ErrorResponse;
    if (access !== 'anonymous') schema.security ??= [{ [SESSION_SCHEME]: [] }];
  });
}

// ---- The document --------------------------------------------------------------------------------

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** jsonSchemaTransform, then: error answers as a reference to the shared schema, body-less answers without content. */
export function openApiTransform(document: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const out = jsonSchemaTransform(document);
  const declared = (document.schema as { response?: Record<string, unknown> } | undefined)?.response;
  const produced = (out.schema as { response?: Record<string, unknown> } | undefined)?.response;
  if (!declared || !produced) return out;
  for (const [status, schema] of Object.entries(declared)) {
    const bodyless = typeof schema === 'object' && schema !== null ? BODYLESS.get(schema) : undefined;
    if (schema === ErrorResponse) {
      produced[status] = { $ref: `#/components/schemas/${ERROR_COMPONENT}`, description: ERROR_DESCRIPTIONS[Number(status)] ?? 'An error' };
    } else if (bodyless) {
      produced[status] = { type: 'null', ...bodyless };
    } else if (status === '204') {
      produced[status] = { type: 'null', description: 'Done; no body.' };
    }
  }
  return out;
}

/** The document's shared parts: the error schema and the cookie sign-in. */
export function openApiComponents(sessionCookieName: string) {
  return {
    schemas: { [ERROR_COMPONENT]: z.toJSONSchema(ErrorResponse, { target: 'openapi-3.0' }) as Record<string, unknown> },
    securitySchemes: {
      [SESSION_SCHEME]: {
        type: 'apiKey' as const, in: 'cookie' as const, name: sessionCookieName,
        description: 'The session cookie set by POST /auth/login, POST /auth/setup or the OpenID Connect sign-in (HttpOnly).',
      },
      [METRICS_SCHEME]: {
        type: 'http' as const, scheme: 'bearer',
        description: 'METRICS_TOKEN, for GET /metrics only (set by the operator; no session opens it).',
      },
    },
  };
}
