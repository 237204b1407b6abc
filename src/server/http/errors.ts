/**
 * Services throw AppError with a code; one handler (errorHandler.ts) turns codes into HTTP statuses
 * and the wire shape { Error, Code, Errors }. Nothing else in the server picks a status for an error.
 */
export const ERROR_STATUS = {
  BAD_INPUT: 400,
  NOT_SIGNED_IN: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_ATTEMPTS: 429,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badInput = (message: string, fieldErrors?: Record<string, string>) => new AppError('BAD_INPUT', message, fieldErrors);
/** A single field's rule broken: the message is both the Error and that field's entry. */
export const fieldError = (field: string, message: string) => new AppError('BAD_INPUT', message, { [field]: message });
export const forbidden = (message = 'You are not allowed to do this.') => new AppError('FORBIDDEN', message);
export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} was not found.`);
export const conflict = (message: string) => new AppError('CONFLICT', message);

export interface ErrorBody {
  Error: string;
  Code: string;
  Errors?: Record<string, string>;
}
