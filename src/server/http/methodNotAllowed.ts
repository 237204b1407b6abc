import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ErrorBody } from './errors.js';

/**
 * A method the path does not have (TRACE, QUERY, PROPFIND, PUT, ...) on a path that exists answers
 * 405 with an Allow header naming the methods it has, in the app's error format; a path that does not
 * exist stays 404. The routes are collected as they are declared; the page fallback (a wildcard that
 * answers any GET under the base path) does not make every path "exist".
 */
export function registerMethodNotAllowed(app: FastifyInstance): void {
  const routes: { pattern: RegExp; methods: Set<string> }[] = [];
  const byUrl = new Map<string, Set<string>>();

  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url.includes('*')) return;
    let methods = byUrl.get(route.url);
    if (!methods) {
      methods = new Set();
      byUrl.set(route.url, methods);
      routes.push({ pattern: patternOf(route.url), methods });
    }
    for (const m of [route.method].flat()) methods.add(m);
    if (methods.has('GET')) methods.add('HEAD');
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!request.is404) return;
    const path = request.url.split('?')[0] ?? '';
    const allowed = new Set<string>();
    for (const r of routes) if (r.pattern.test(path)) for (const m of r.methods) allowed.add(m);
    if (allowed.size === 0 || allowed.has(request.method)) return; // unknown path: the 404 handler answers
    const allow = [...allowed].sort().join(', ');
    const body: ErrorBody = { Error: `${request.method} is not allowed on ${path}; it allows ${allow}.`, Code: 'METHOD_NOT_ALLOWED' };
    return reply.code(405).header('Allow', allow).send(body);
  });
}

/** A Fastify route path as a regular expression: ':name' is one path segment (or up to a '.', '-'). */
function patternOf(url: string): RegExp {
  const source = url.split(/(:[A-Za-z0-9_]+)/).map((part) =>
    part.startsWith(':') ? '[^/]+?' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('');
  return new RegExp(`^${source}$`);
}
