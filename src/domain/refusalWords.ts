/**
 * Why a booking was refused, as a sentence a person can act on (issue 20, point 7; the desk and
 * room booking screens show it). The server's own Error text is that sentence for every rule it
 * checks (turned off, restricted, taken, too far ahead, parking full, on behalf of someone unknown…):
 * it is kept, with a full stop if it has none.
 * What is not a sentence becomes one: a request the schema refused (its text names fields), an
 * answer without Hotdesk's error body (a proxy's page: only a status), and a call that never got an
 * answer (the browser's TypeError).
 */
const BY_STATUS: Record<number, string> = {
  400: 'The booking details could not be read. Reload the page and try again.',
  401: 'You are no longer signed in. Sign in again, then book.',
  403: 'You are not allowed to make this booking.',
  404: 'What you chose no longer exists. Reload the page and choose again.',
  409: 'This clashes with another booking or a change made meanwhile. Reload the page and choose again.',
  413: 'The booking is too large to send. Shorten the reason and try again.',
  429: 'Too many attempts in a short time. Wait a minute and try again.',
};
const UNREACHABLE = 'Hotdesk could not be reached. Check your connection and try again.';
const SERVER_TROUBLE = 'Hotdesk could not save the booking just now. Please try again in a minute.';

/**
 * The parts of the web client's ApiError (src/web/app/api.ts) read here. Described, not imported: this
 * rule is shared, so the server's tests can check every booking refusal against it
 * (src/server/features/myBookings/bookingRefusalWords.test.ts).
 */
interface ApiErrorLike { status: number; statusText: string; serverMessage: string; code?: string }
const isApiError = (err: unknown): err is ApiErrorLike =>
  err instanceof Error && typeof (err as Partial<ApiErrorLike>).status === 'number' && typeof (err as Partial<ApiErrorLike>).serverMessage === 'string';

/** A request schema's refusal ('Invalid body: Start: …'): written for developers, not for the person booking. */
const SCHEMA_REFUSAL = /^Invalid (body|params|querystring|headers|request)\b/;

export function refusalWords(err: unknown): string {
  if (!isApiError(err)) return err instanceof TypeError ? UNREACHABLE : SERVER_TROUBLE;
  const text = err.serverMessage.trim();
  const fromServer = text !== '' && text !== err.statusText && err.code !== undefined && !SCHEMA_REFUSAL.test(text);
  if (fromServer) return /[.!?]$/.test(text) ? text : `${text}.`;
  return (err.status < 500 ? BY_STATUS[err.status] : undefined) ?? SERVER_TROUBLE;
}

/** A sentence: starts with a capital or a digit, ends with a full stop (or ! ?), carries no error code. */
export const isSentence = (s: string): boolean => /^[A-Z0-9"']/.test(s) && /[.!?]$/.test(s) && !/\b[A-Z]+_[A-Z_]+\b/.test(s) && !SCHEMA_REFUSAL.test(s);
