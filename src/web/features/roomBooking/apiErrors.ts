import { ApiError } from '../../app/api.js';

/** '{status} {status text}' of a failed call, for SPEC 8's '...: {status}' messages. */
export const statusOf = (err: unknown): string => {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : String(err);
  const text = err.statusText && err.statusText !== `HTTP ${err.status}` ? ` ${err.statusText}` : '';
  return `${err.status}${text}`;
};
