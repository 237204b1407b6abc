import type { Caller } from '../../domain/permissions.js';
import { ROLE_NAMES, type RoleName } from '../../domain/roles.js';
import type { Profile } from '../../domain/wire/profile.js';

/** The permission rules (src/domain/permissions.ts) take a Caller; the web builds it from the profile. */
export function callerFromProfile(profile: Profile): Caller {
  const roles = profile.Roles.map((r) => r.Name).filter((n): n is RoleName => (ROLE_NAMES as readonly string[]).includes(n));
  return { roles, roomApprover: profile.RoomApprover, siteLvlAdmin: profile.SiteLvlAdmin };
}
