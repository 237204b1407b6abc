import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { BOOKING_STATUS } from '../../../domain/bookingStatus.js';
import type { AppDeps } from '../../deps.js';
import { readQueueDepths, type QueueDepth } from '../../jobs/queueDepths.js';

/**
 * What /metrics reports (issue 19), for one app instance: each instance counts its own requests and
 * bookings and its own pool and process; the job queues are shared tables, so every instance reports
 * the same queue numbers (aggregate them with max, not sum).
 */

/** Seconds: from a cheap cached read (1 ms) to the 15 s statement timeout. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15];
/** The queue tables are read at most this often, however often (and by how many scrapers) /metrics is read. */
export const QUEUE_CACHE_MS = 5_000;

/** The calls that make a booking, by kind (method and route pattern, without the base path). */
const BOOKING_ROUTES = new Map<string, 'desk' | 'room'>([['POST /api/bookings/desk', 'desk'], ['POST /api/bookings/room', 'room']]);

/** Why a booking call was refused, by its status (errors.ts ERROR_STATUS is the one mapping of codes to statuses). */
const REFUSAL_BY_STATUS: Record<number, string> = {
  400: 'validation', 401: 'not_signed_in', 403: 'forbidden', 404: 'not_found', 409: 'conflict', 413: 'validation',
  429: 'rate_limited', 503: 'unavailable',
};

export interface Metrics {
  registry: Registry;
  /** Adds the per-route hooks of the booking calls (an onRoute hook). */
  onRoute: (route: RouteOptions) => void;
  /** Records a finished request (an onResponse hook). */
  onResponse: (request: FastifyRequest, reply: FastifyReply) => void;
}

/** The label of a request's route: its pattern, never the URL (ids would make a series per booking). */
export function routeLabel(request: FastifyRequest, basePath: string): string {
  const url = request.routeOptions.url;
  if (url === undefined || request.is404) return '(unmatched)';
  // One route per file of the web app (@fastify/static); their names change with every build.
  if ((request.routeOptions.config as { file?: unknown }).file !== undefined) return '(file)';
  const path = url.startsWith(basePath) ? url.slice(basePath.length) : url;
  return path === '/*' ? '(page)' : path || '/';
}

export function createMetrics(deps: Pick<AppDeps, 'pool' | 'now' | 'version' | 'config'>, log?: { warn: (obj: object, msg: string) => void }): Metrics {
  const { basePath } = deps.config;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  new Gauge({ name: 'hotdesk_build_info', help: 'The running version (always 1).', labelNames: ['version'], registers: [registry] })
    .set({ version: deps.version }, 1);

  const latency = new Histogram({
    name: 'hotdesk_http_request_duration_seconds',
    help: 'Time from receiving a request to having sent its answer, by route pattern, method and status class.',
    labelNames: ['route', 'method', 'status_class'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  const bookings = new Counter({
    name: 'hotdesk_booking_requests_total',
    help: 'Calls to make a booking, by kind (desk, room) and outcome: booked, approval_requested (a Pending request '
      + 'for a restricted room), or why it was refused (conflict, validation, forbidden, not_signed_in, not_found, '
      + 'rate_limited, unavailable, error).',
    labelNames: ['kind', 'outcome'],
    registers: [registry],
  });

  const pool = deps.pool;
  const poolGauge = (name: string, help: string, read: () => number) => new Gauge({
    name, help, registers: [registry], collect() { this.set(read()); },
  });
  poolGauge('hotdesk_db_pool_connections', 'Connections this instance holds to PostgreSQL (in use and idle).', () => pool.totalCount);
  poolGauge('hotdesk_db_pool_idle', 'Connections open and not in use.', () => pool.idleCount);
  poolGauge('hotdesk_db_pool_waiting', 'Queries waiting for a free connection.', () => pool.waitingCount);
  poolGauge('hotdesk_db_pool_max', 'The most connections this instance opens (HOTDESK_DB_POOL_SIZE).', () => (pool as unknown as { options: { max: number } }).options.max);

  // The queues, read at most every QUEUE_CACHE_MS; scrapes that arrive together share one read.
  let cached: { at: number; depths: Promise<QueueDepth[] | null> } | undefined;
  const queueDepths = (): Promise<QueueDepth[] | null> => {
    const nowMs = Date.now();
    if (!cached || nowMs - cached.at >= QUEUE_CACHE_MS) {
      cached = {
        at: nowMs,
        depths: readQueueDepths(pool, deps.now()).catch((err: unknown) => {
          log?.warn({ err }, 'metrics: could not read the job queues');
          cached = undefined; // the next scrape tries again
          return null;
        }),
      };
    }
    return cached.depths;
  };
  const queueGauge = (name: string, help: string, value: (d: QueueDepth) => number | undefined) => new Gauge({
    name, help, labelNames: ['queue'], registers: [registry],
    async collect() {
      this.reset(); // when the database cannot be read, the series are absent rather than stale
      for (const d of (await queueDepths()) ?? []) {
        const v = value(d);
        if (v !== undefined) this.set({ queue: d.queue }, v);
      }
    },
  });
  queueGauge('hotdesk_job_queue_pending', 'Work waiting for a background job: mail and push messages not sent, no-show bookings not released.', (d) => d.pending);
  queueGauge('hotdesk_job_queue_due', 'Waiting work whose time has come (next attempt due).', (d) => d.due);
  queueGauge('hotdesk_job_queue_oldest_age_seconds', 'Age of the oldest waiting item (0 when none).', (d) => d.oldestSeconds);
  queueGauge('hotdesk_job_queue_given_up', 'Items the job gave up on (mail: all time; push: the last 30 days).', (d) => d.givenUp);

  // Booking calls: the created booking's status says whether it is a request awaiting approval.
  const pendingRequests = new WeakSet<FastifyRequest>();
  const onRoute = (route: RouteOptions) => {
    const method = [route.method].flat()[0];
    const kind = BOOKING_ROUTES.get(`${method} ${route.url.slice(basePath.length)}`);
    if (!kind) return;
    const hooks = [route.preSerialization ?? []].flat();
    route.preSerialization = [...hooks, async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      if ((payload as { Status?: unknown } | null)?.Status === BOOKING_STATUS.Pending) pendingRequests.add(request);
      return payload;
    }];
  };

  const onResponse = (request: FastifyRequest, reply: FastifyReply) => {
    const status = reply.statusCode;
    const route = routeLabel(request, basePath);
    latency.observe({ route, method: request.method, status_class: `${Math.floor(status / 100)}xx` }, reply.elapsedTime / 1000);
    const kind = BOOKING_ROUTES.get(`${request.method} ${route}`);
    if (!kind) return;
    const outcome = status === 201 ? (pendingRequests.has(request) ? 'approval_requested' : 'booked') : REFUSAL_BY_STATUS[status] ?? 'error';
    bookings.inc({ kind, outcome });
  };

  return { registry, onRoute, onResponse };
}
