import { z } from 'zod';
import { PASSWORD_RULE } from './passwords.js';

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

/** Only same-app paths may be returned to after sign-in (no open redirect). */
export function safeReturnPath(value: unknown, basePath: string): string {
  const fallback = `${basePath}/menu`;
  if (typeof value !== 'string' || value.length > 2000) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  return value.startsWith(`${basePath}/`) || value === basePath ? value : fallback;
}
