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
