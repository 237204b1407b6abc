import { z } from 'zod';

/** User profile (SPEC 3). */
export const RoleRef = z.object({ Id: z.number().int(), Name: z.string() });
export const TagRef = z.object({ Id: z.number().int(), Label: z.string(), Tooltip: z.string() });
export const Photo = z.object({ Type: z.string(), Data: z.string() }).nullable();

export const Profile = z.object({
  Id: z.number().int(),
  FullName: z.string(),
  Email: z.string(),
  Photo,
  Roles: z.array(RoleRef),
  Tags: z.array(TagRef),
  Organisation: z.string(),
  Phone: z.string(),
  UseTeams: z.boolean(),
  Teams: z.array(z.object({ Id: z.number().int(), Name: z.string().optional() })),
  RoomApprover: z.boolean(),
  SiteLvlAdmin: z.boolean(),
  /** The person hides their name from others on the desk map and in "Who's in" (issue 20). Own profile only. */
  HideNameOnMap: z.boolean().optional(),
});
export type Profile = z.infer<typeof Profile>;
