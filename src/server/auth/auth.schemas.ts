import { z } from 'zod';
import { PASSWORD_RULE } from './passwords.js';
import { RETURN_PATH_MAX, sameAppPath } from '../../domain/returnPath.js';

export const LoginBody = z.object({
  email: z.string().trim().min(1, 'Please enter your e-mail address').max(320),
  password: z.string().min(1, 'Please enter your password').max(PASSWORD_RULE.max),
});

export const SetupBody = z.object({
  token: z.string().min(10).max(200),
  email: z.email('Please enter a valid email').max(320),
  fullName: z.string().trim().min(1, 'Full name is mandatory').max(200),
  password: z.string().min(PASSWORD_RULE.min, `Password must be at least ${PASSWORD_RULE.min} characters`).max(PASSWORD_RULE.max),
});

/** What the sign-in page needs to know before anyone is signed in. */
export const ProvidersResponse = z.object({
  local: z.boolean(),
  oidc: z.object({ label: z.string() }).nullable(),
  setupPending: z.boolean(),
});

export const SignedInResponse = z.object({ Success: z.literal(true), FullName: z.string() });

/**
 * `returnTo` of the sign-in and sign-out calls: a page of this app to go to afterwards. Printable ASCII
 * only (a browser sends a path percent-encoded); a control character (tab, CR, LF) or other character
 * is refused with 400, as it could never be written back into a Location header. Anything that does not
 * lead to a page of this app (another site, a path outside the base path) is replaced by the menu.
 */
export const ReturnTo = z.string()
  .max(RETURN_PATH_MAX)
  .regex(/^[\x20-\x7e]*$/, 'must be a path of this site in printable ASCII (percent-encode other characters)')
  .meta({ description: 'A page of this site to go to afterwards, e.g. /hotdesk/menu. Another site or a path outside the app is replaced by the menu. Without it: the sign-in page after sign-out, the menu after sign-in.' });

/**
 * Only same-app paths may be returned to (no open redirect): the path `value` leads to as the browser's
 * URL parser reads it, on this origin and under the base path; else `fallback` (default: the menu).
 * `origin` is the app's public origin when known (PUBLIC_URL, else the request's own).
 */
export function safeReturnPath(value: unknown, basePath: string, origin?: string, fallback = `${basePath}/menu`): string {
  return sameAppPath(value, basePath, origin) ?? fallback;
}
