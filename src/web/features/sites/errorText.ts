import { ApiError } from '../../app/api.js';

/**
 * The pieces of SPEC 8's administration messages, shared by the sites, locations and rooms screens.
 * '{status}' is the number and its text ('409 Conflict'); '{status text}' is the text alone; '…' is
 * the server's own words, which carry the reason (e.g. the count of active bookings).
 */
export const statusOf = (err: unknown): string => {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : String(err);
  const text = err.statusText && err.statusText !== `HTTP ${err.status}` ? ` ${err.statusText}` : '';
  return `${err.status}${text}`;
};

export const statusTextOf = (err: unknown): string =>
  err instanceof ApiError ? err.statusText : err instanceof Error ? err.message : String(err);

export const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** The server's reason when it adds something the status does not say (a 409's count, a rule's message). */
export const reasonOf = (err: unknown): string | null =>
  err instanceof ApiError && err.serverMessage && err.serverMessage !== err.statusText ? err.serverMessage : null;

/** '{prefix}: {status}', followed by the server's reason when it has one. */
export const withReason = (prefix: string, err: unknown): string => {
  const reason = reasonOf(err);
  return `${prefix}: ${statusOf(err)}${reason ? `. ${reason}` : ''}`;
};

/** Field messages from a 400 (e.g. { Title: 'Title is mandatory' }), for showing under the fields. */
export const fieldErrorsOf = (err: unknown): Record<string, string> =>
  err instanceof ApiError && err.fieldErrors ? err.fieldErrors : {};
