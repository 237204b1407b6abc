/** Role names exactly as SPEC section 3 lists them; ids are stable and seeded by the first migration. */
export const ROLES = [
  { Id: 1, Name: 'Admin' },
  { Id: 2, Name: 'Reporting' },
  { Id: 3, Name: 'Booking Manager' },
  { Id: 4, Name: 'Not Restricted' },
] as const;

export type RoleName = (typeof ROLES)[number]['Name'];
export type RoleId = (typeof ROLES)[number]['Id'];
export const ROLE_NAMES = ROLES.map((r) => r.Name) as readonly RoleName[];

export const roleNameById = (id: number): RoleName | undefined => ROLES.find((r) => r.Id === id)?.Name;

/**
 * The last-admin rule: the Admin role is never taken from the last person holding it, because an
 * organisation without an admin could not be administered any more. Role assignment refuses such a
 * change (409); the identity-provider group sync keeps the role and logs a warning instead.
 */
export const removesLastAdmin = (change: { holdsAdmin: boolean; keepsAdmin: boolean; adminCount: number }): boolean =>
  change.holdsAdmin && !change.keepsAdmin && change.adminCount <= 1;
