import { z } from 'zod';

/** Tag (SPEC 3). Type: 1 User, 2 Desk, 3 Room, 4 Location, 5 Site. */
export const Tag = z.object({ Id: z.number().int(), Label: z.string(), Tooltip: z.string(), Type: z.number().int() });
export type Tag = z.infer<typeof Tag>;
export const TagList = z.array(Tag);

/**
 * POST /api/tags and /api/tags/{id}. Lenient on purpose: the rules ('Select a tag type', label
 * mandatory) are checked by the service so the answer carries their exact message.
 */
export const TagInput = z.object({
  Label: z.string().max(1000).optional(),
  Tooltip: z.string().max(1000).nullable().optional(),
  Type: z.unknown().optional(),
});
export type TagInput = z.infer<typeof TagInput>;

export const TagSearch = z.object({ query: z.string().max(200).default('') });
export const TagSearchByType = z.object({ query: z.string().max(200).default(''), type: z.coerce.number().int().min(1).max(5) });

/** POST /api/tags/assign/{kind}/{id}: the tag ids (or tag objects with Id), replacing the current set. */
export const TagAssignInput = z
  .array(z.union([z.number().int().min(1), z.looseObject({ Id: z.number().int().min(1) })]))
  .max(500)
  .transform((list) => [...new Set(list.map((x) => (typeof x === 'number' ? x : x.Id)))]);
