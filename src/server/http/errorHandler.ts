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

/** What Node refuses in a header value (its checkInvalidHeaderChar). */
const INVALID_HEADER_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

/** Node's errors for a header name or value it refuses to send. */
const HEADER_VALUE_ERRORS = new Set(['ERR_INVALID_CHAR', 'ERR_HTTP_INVALID_HEADER_VALUE', 'ERR_INVALID_HTTP_TOKEN']);

export const notFoundBody = (method: string, url: string): ErrorBody =>
  ({ Error: `No such path: ${method} ${url.split('?')[0]}`, Code: 'NOT_FOUND' });

export function toErrorReply(err: unknown): { status: number; body: ErrorBody; logAsError: boolean } {
  if (err instanceof AppError) {
    return { status: ERROR_STATUS[err.code], body: { Error: err.message, Code: err.code, ...(err.fieldErrors ? { Errors: err.fieldErrors } : {}) }, logAsError: false };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const Errors: Record<string, string> = {};
    for (const v of err.validation) {
      const params = v.params as Record<string, unknown> | undefined;
      // An unknown query parameter (strict querystring schemas): name it, not its parent object.
      const unknownKeys = v.keyword === 'unrecognized_keys' && Array.isArray(params?.['keys']) ? params['keys'].map(String) : [];
      for (const key of unknownKeys) Errors[key] ??= 'is not a parameter of this call';
      if (unknownKeys.length === 0) Errors[fieldPath(v.instancePath, params)] ??= v.message ?? 'Invalid value';
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
  // Node refuses a header value with a character HTTP cannot carry (CR, LF, above U+00FF): such a value
  // came from the request (a file name, a redirect target), so the request is what is wrong.
  if (fe && HEADER_VALUE_ERRORS.has(fe.code)) {
    return { status: 400, body: { Error: 'A value in this request cannot be used in the answer (it has characters a header cannot carry).', Code: 'BAD_INPUT' }, logAsError: false };
  }
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
    // The header Node refused is still set on the reply: remove it, or the error answer fails the same way.
    if (HEADER_VALUE_ERRORS.has((err as FastifyError).code)) {
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if ([value].flat().some((v) => INVALID_HEADER_VALUE.test(String(v)))) reply.removeHeader(name);
      }
    }
    if (status === 503) void reply.header('Retry-After', '5');
    return reply.code(status).send(body);
  });
  app.setNotFoundHandler((request, reply) => reply.code(404).send(notFoundBody(request.method, request.url)));
}
