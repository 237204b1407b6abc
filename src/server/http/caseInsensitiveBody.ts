import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';

/**
 * Request bodies are matched case-insensitively (wire contract): the seed's own calls mix `FromDate`
 * and `fromDate`. Keys of a JSON object body are renamed to the spelling the route's zod schema uses,
 * before validation, so schemas and OpenAPI stay in one canonical spelling.
 */
export function registerCaseInsensitiveBodies(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const body = route.schema?.body;
    if (!(body instanceof z.ZodObject)) return;
    const byLower = new Map(Object.keys(body.shape).map((k) => [k.toLowerCase(), k]));
    const previous = route.preValidation;
    const rename = async (request: { body: unknown }) => {
      const b = request.body;
      if (!b || typeof b !== 'object' || Array.isArray(b)) return;
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(b)) {
        const canonical = byLower.get(key.toLowerCase()) ?? key;
        if (!(canonical in out) || key === canonical) out[canonical] = value;
      }
      request.body = out;
    };
    route.preValidation = previous ? [rename, ...(Array.isArray(previous) ? previous : [previous])] : rename;
  });
}
