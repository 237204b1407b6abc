import type { FastifyInstance } from 'fastify';

/**
 * Headers every response carries. The CSP allows no inline script; styles allow inline because
 * Mantine sets style attributes at run time (style injection cannot run script).
 */
export function registerSecurityHeaders(app: FastifyInstance, https: boolean): void {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  app.addHook('onSend', async (request, reply) => {
    reply.header('Content-Security-Policy', csp);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'DENY');
    if (https) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
}
