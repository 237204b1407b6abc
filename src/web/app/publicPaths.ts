import { sameAppPath } from '../../domain/returnPath.js';

/**
 * Pages that work signed out (SPEC 2.1: check-in is reached by QR code without signing in).
 * A 401 on these pages is an answer to show, never a reason to send the person to sign in.
 */
const PUBLIC_PREFIXES = ['/login', '/setup', '/privacy', '/check-in', '/display'];

export const isPublicPath = (routerPath: string): boolean =>
  PUBLIC_PREFIXES.some((p) => routerPath === p || routerPath.startsWith(`${p}/`) || routerPath.startsWith(`${p}?`));

/**
 * Only same-app paths may be returned to after sign-in (no open redirect to another site). The router
 * path is read as the browser reads a URL (domain/returnPath.ts): "/\t/evil.example" or "/\\evil.example"
 * would leave the site when the app is served at the root. Answers the path as the URL parser wrote it.
 */
export function safeReturnTo(value: string | null | undefined): string {
  const origin = typeof window === 'undefined' ? undefined : window.location.origin;
  const path = sameAppPath(value, '', origin);
  if (path === undefined || (isPublicPath(path) && !path.startsWith('/check-in'))) return '/menu';
  return path;
}

export const loginPathFor = (returnTo: string): string => `/login?returnTo=${encodeURIComponent(returnTo)}`;
