import { z } from 'zod';
import { PASSWORD_RULE } from '../../auth/passwords.js';

/** POST /api/users: an admin pre-registers a person, optionally with a local password. */
export const PreRegisterBody = z.object({
  Email: z.string().trim().pipe(z.email('Please enter a valid email').max(320)),
  FullName: z.string().trim().min(1, 'Full name is mandatory').max(200),
  Password: z.string().min(PASSWORD_RULE.min, `Password must be at least ${PASSWORD_RULE.min} characters`).max(PASSWORD_RULE.max).optional(),
  /**
   * The person is expected to sign in with the organisation's identity provider: their first OpenID
   * Connect sign-in with a verified address links to them even if they have a password or the Admin
   * role (domain/oidcLink.ts). Absent: true, as claiming a pre-registration is what it is for.
   */
  ExpectsSso: z.boolean().optional(),
});
export const PreRegisterResponse = z.object({ Id: z.number().int(), Email: z.string(), FullName: z.string() });
