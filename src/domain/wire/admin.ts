import { z } from 'zod';
import { PersonRef } from './people.js';

/** Wire shapes of the administration calls (issue 6). PascalCase names as SPEC section 3 gives them. */

/** GET /api/roles. */
export const Role = z.object({ Id: z.number().int(), Name: z.string() });
export const RoleList = z.array(Role);

/** POST /api/users/{email}/roles: { RoleIds: [...] } (a bare list of ids, or role objects, is accepted too). */
const RoleIdList = z
  .array(z.union([z.number().int().min(1).max(1000), z.looseObject({ Id: z.number().int().min(1).max(1000) })]))
  .max(20)
  .transform((list) => [...new Set(list.map((x) => (typeof x === 'number' ? x : x.Id)))]);
export const AssignRolesInput = z.preprocess((v) => {
  if (Array.isArray(v)) return { RoleIds: v };
  if (v && typeof v === 'object') {
    const key = Object.keys(v).find((k) => k.toLowerCase() === 'roleids');
    return key ? { RoleIds: (v as Record<string, unknown>)[key] } : v;
  }
  return v;
}, z.object({ RoleIds: RoleIdList }));
export const EmailParam = z.object({ email: z.string().min(1).max(320) });

/** POST /api/users/{id}/signOutEverywhere. */
export const SignOutEverywhereResponse = z.object({ Success: z.boolean(), SessionsEnded: z.number().int() });

/** Teams administration: POST /api/teams, POST /api/teams/{id}, POST /api/teams/{id}/members. */
export const TeamNameInput = z.object({ Name: z.string().trim().min(1, 'Team name is mandatory').max(200, 'must be at most 200 characters') });
export const TeamMembersInput = z.object({
  UserIds: z
    .array(z.union([z.number().int().min(1), z.looseObject({ Id: z.number().int().min(1) })]))
    .max(5000)
    .transform((list) => [...new Set(list.map((x) => (typeof x === 'number' ? x : x.Id)))]),
});

/**
 * A team's identity-provider group (issue 6): its membership follows the groups claim at each OpenID
 * Connect sign-in. An Entra ID group object id or a group name, as the provider sends it; null or ''
 * unlinks (the team is managed by hand). Absent in a request: unchanged.
 */
export const OIDC_GROUP_MAX = 400;
export const OIDC_GROUP_MESSAGES = {
  tooLong: `The group must be at most ${OIDC_GROUP_MAX} characters`,
  control: 'The group must not contain control characters (tabs, line breaks)',
} as const;
export const OidcGroupInput = z.string().trim()
  .max(OIDC_GROUP_MAX, OIDC_GROUP_MESSAGES.tooLong)
  .regex(/^\P{Cc}*$/u, OIDC_GROUP_MESSAGES.control)
  .nullable()
  .transform((v) => (v === '' ? null : v));
/** POST /api/teams and POST /api/teams/{id}: the name, and optionally the linked group. */
export const TeamInput = TeamNameInput.extend({ OidcGroup: OidcGroupInput.optional() });
/** A team as admins see it: with its linked group (null = managed by hand). */
export const AdminTeam = z.object({ Id: z.number().int(), Name: z.string(), OidcGroup: z.string().nullable() });
export type AdminTeam = z.infer<typeof AdminTeam>;
/**
 * GET /api/teams/groupSync: every team with its group, and how sign-in sync is configured
 * (GroupsClaim null = OIDC_GROUPS_CLAIM unset: links are kept but nothing is synced).
 */
export const TeamGroupSync = z.object({
  GroupsClaim: z.string().nullable(),
  RoleGroups: z.array(z.object({ Group: z.string(), Role: z.string() })),
  Teams: z.array(AdminTeam),
});
export type TeamGroupSync = z.infer<typeof TeamGroupSync>;
export const TeamWithMembers = AdminTeam.extend({ Members: z.array(PersonRef) });
export type TeamWithMembers = z.infer<typeof TeamWithMembers>;

/**
 * POST /api/users/me. Lenient on purpose: the rules (adminRules.profileProblems) are checked by the
 * service so the answer carries their exact message. E-mail, roles, tags and teams are not the
 * person's to change here and are ignored when sent.
 */
export const ProfileSaveInput = z.looseObject({
  FullName: z.unknown().optional(),
  Organisation: z.unknown().optional(),
  Phone: z.unknown().optional(),
  UseTeams: z.unknown().optional(),
  Photo: z.unknown().optional(),
  HideNameOnMap: z.unknown().optional(),
});
export const ProfileSaveResponse = z.object({ Success: z.boolean(), Error: z.string().optional() });
/** A refused save. Success is absent when the body failed schema validation (the standard error reply). */
export const ProfileSaveRefusal = z.object({
  Success: z.literal(false).optional(),
  Error: z.string(),
  Code: z.string(),
  Errors: z.record(z.string(), z.string()).optional(),
});

/**
 * POST /api/bookings/searchDesks (SPEC 3 'Booking search request'). FromDate and ToDate are calendar
 * days ('YYYY-MM-DD'; a date-time's first ten characters are taken as its day). Ids of 0, null or an
 * empty string mean "any". FloorplanId narrows DeskId (desk ids are unique within a floorplan).
 */
const OptionalId = z.preprocess(
  (v) => (v === '' || v === null || v === undefined || v === 0 || v === '0' ? undefined : typeof v === 'string' ? Number(v) : v),
  z.number().int().min(1).max(2_147_483_647).optional(),
);
const DayInput = z.string().max(40).transform((s) => s.trim().slice(0, 10));
export const BookingSearchInput = z.object({
  FromDate: DayInput,
  ToDate: DayInput,
  DeskId: z.preprocess((v) => (v === null || v === '' ? undefined : v), z.string().max(100).optional()),
  FloorplanId: OptionalId,
  SiteId: OptionalId,
  LocationId: OptionalId,
  UserId: OptionalId,
});
export type BookingSearchInput = z.input<typeof BookingSearchInput>;

/** GET /api/bookings/stats/filter/...: a map of label to count (SPEC 3 'Stats response'). */
export const StatsResponse = z.record(z.string(), z.number().int());
export type StatsResponse = z.infer<typeof StatsResponse>;
export const ReportParams = z.object({
  filter: z.enum(['all', 'desk', 'room', 'tag'], 'must be all, desk, room or tag'),
  tagId: z.coerce.number().int().min(0).max(2_147_483_647),
  from: z.string().min(1).max(40),
  to: z.string().min(1).max(40),
});
