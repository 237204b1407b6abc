import { z } from 'zod';

/**
 * GET and POST /api/users/{id}/sso (issue 18): whether an admin marked the person as expecting single
 * sign-on. Only such a person, when they have a local password or the Admin role, may have a NEW
 * OpenID Connect identity linked to them by a verified e-mail address (domain/oidcLink.ts).
 * Linked: an identity is already linked (the mark then changes nothing until it is).
 */
export const PersonSso = z.object({ Id: z.number().int(), ExpectsSso: z.boolean(), Linked: z.boolean() });
export type PersonSso = z.infer<typeof PersonSso>;
export const PersonSsoInput = z.object({ ExpectsSso: z.boolean() });
