import { currentRouterPath, withBase } from './basePath.js';
import { isPublicPath, loginPathFor } from './publicPaths.js';

/** A failed call: the HTTP status, its status text, and the server's own Error text (wire contract). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    /** The server's `Error` text, or the status text when the body had none. */
    readonly serverMessage: string,
    readonly code?: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(serverMessage || statusText || `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

interface ErrorBody { Error?: string; Code?: string; Errors?: Record<string, string> }

async function readError(res: Response): Promise<ApiError> {
  let body: ErrorBody = {};
  try {
    body = (await res.json()) as ErrorBody;
  } catch {
    // Not JSON (a proxy's HTML page, say): the status text is all we have.
  }
  const statusText = res.statusText || `HTTP ${res.status}`;
  return new ApiError(res.status, statusText, body.Error ?? statusText, body.Code, body.Errors);
}

let redirectingToLogin = false;

/**
 * A signed-out person on a page that needs sign-in goes to the sign-in page, then comes back.
 * Full-page navigation: the cache of the old session must not survive into the new one.
 */
function sendToSignIn(): void {
  const here = currentRouterPath();
  if (isPublicPath(here) || redirectingToLogin) return;
  redirectingToLogin = true;
  window.location.assign(withBase(loginPathFor(here)));
}

/** The one fetch wrapper: base path prefix, session cookie, JSON in and out, errors as ApiError. */
export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const res = await fetch(withBase(path), {
    credentials: 'include',
    ...rest,
    headers: {
      Accept: 'application/json',
      ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  if (!res.ok) {
    if (res.status === 401) sendToSignIn();
    throw await readError(res);
  }
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await res.json() : await res.text()) as T;
}

export const api = {
  get: <T>(path: string) => apiFetch<T>(path),
  post: <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'POST', json: body ?? {} }),
  delete: <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'DELETE', json: body }),
};
