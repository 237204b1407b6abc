import { z } from 'zod';
import { Photo } from './profile.js';

/** People and teams as access lists and searches show them (SPEC 3, 7). */
export const PersonRef = z.object({ Id: z.number().int(), FullName: z.string(), Email: z.string() });
export type PersonRef = z.infer<typeof PersonRef>;
export const TeamRef = z.object({ Id: z.number().int(), Name: z.string() });
export type TeamRef = z.infer<typeof TeamRef>;

/** GET /api/users/{id}: the whole card, for the person themself, admins and booking managers. */
export const PersonCard = z.object({ Id: z.number().int(), FullName: z.string(), Email: z.string(), Photo, UseTeams: z.boolean() });
export type PersonCard = z.infer<typeof PersonCard>;
/** GET /api/users/{id} for other staff: name and photo of someone they share a booking with (on behalf of). */
export const PersonGlimpse = z.object({ Id: z.number().int(), FullName: z.string(), Photo });
export type PersonGlimpse = z.infer<typeof PersonGlimpse>;

export const SearchTextParam = z.object({ text: z.string().max(200) });

/**
 * An access list in a request: the editors send back what they received ({ Id, FullName, Email }
 * or { Id, Name }); bare ids are accepted too. Only the ids are read.
 */
export const RefListInput = z
  .array(z.union([z.number().int().min(1), z.looseObject({ Id: z.number().int().min(1) })]))
  .max(1000)
  .transform((list) => [...new Set(list.map((x) => (typeof x === 'number' ? x : x.Id)))]);
