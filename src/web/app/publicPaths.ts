/**
 * Pages that work signed out (SPEC 2.1: check-in is reached by QR code without signing in).
 * A 401 on these pages is an answer to show, never a reason to send the person to sign in.
 */
const PUBLIC_PREFIXES = ['/login', '/setup', '/privacy', '/check-in'];

export const isPublicPath = (routerPath: string): boolean =>
  PUBLIC_PREFIXES.some((p) => routerPath === p || routerPath.startsWith(`${p}/`) || routerPath.startsWith(`${p}?`));

/** Only same-app paths may be returned to after sign-in (no open redirect to another site). */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/menu';
  if (isPublicPath(value) && !value.startsWith('/check-in')) return '/menu';
  return value;
}

export const loginPathFor = (returnTo: string): string => `/login?returnTo=${encodeURIComponent(returnTo)}`;
