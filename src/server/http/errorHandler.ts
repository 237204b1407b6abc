import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, ERROR_STATUS, type ErrorBody } from './errors.js';
import { fromDatabaseError } from './dbErrors.js';

/** Fastify's own 4xx codes we pass through with a clearer message. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but JSON was declared.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported; send JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
};

function fieldPath(instancePath: string | undefined, params: Record<string, unknown> | undefined): string {
  const path = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missing = params && typeof params['missingProperty'] === 'string' ? params['missingProperty'] : '';
  return path || missing || '_';
}

export const notFoundBody = (method: string, url: string): ErrorBody =>
  ({ Error: `No such path: ${method} ${url.split('?')[0]}`, Code: 'NOT_FOUND' });

export function toErrorReply(err: unknown): { status: number; body: ErrorBody; logAsError: boolean } {
  if (err instanceof AppError) {
    return { status: ERROR_STATUS[err.code], body: { Error: err.message, Code: err.code, ...(err.fieldErrors ? { Errors: err.fieldErrors } : {}) }, logAsError: false };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const Errors: Record<string, string> = {};
    for (const v of err.validation) {
      const key = fieldPath(v.instancePath, v.params as Record<string, unknown>);
      Errors[key] ??= v.message ?? 'Invalid value';
    }
    const where = (err as FastifyError).validationContext ?? 'request';
    const first = Object.entries(Errors)[0];
    return {
      status: 400,
      body: { Error: first ? `Invalid ${where}: ${first[0]}: ${first[1]}` : `Invalid ${where}.`, Code: 'BAD_INPUT', Errors },
      logAsError: false,
    };
  }
  const fe = err as FastifyError;
  if (fe && typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500 && !isResponseSerializationError(err)) {
    const message = (fe.code && FASTIFY_MESSAGES[fe.code]) ?? fe.message;
    return { status: fe.statusCode, body: { Error: message, Code: fe.statusCode === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_INPUT' }, logAsError: false };
  }
  const fromDb = fromDatabaseError(err);
  if (fromDb) return { ...toErrorReply(fromDb), logAsError: fromDb.code === 'UNAVAILABLE' };
  return { status: 500, body: { Error: 'Something went wrong on the server. It has been logged.', Code: 'INTERNAL' }, logAsError: true };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => {
    const { status, body, logAsError } = toErrorReply(err);
    if (logAsError) request.log.error({ err }, 'request failed');
    if (status === 503) void reply.header('Retry-After', '5');
    return reply.code(status).send(body);
  });
  app.setNotFoundHandler((request, reply) => reply.code(404).send(notFoundBody(request.method, request.url)));
}
