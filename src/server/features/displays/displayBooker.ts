import type pg from 'pg';
import type { RoleName } from '../../../domain/roles.js';
import type { SessionUser } from '../../auth/sessions.js';
import { CALLER_FLAGS_SQL } from '../../auth/sessions.js';

/**
 * Whose booking "Book now" makes: one system account, "Door display", made the first time a display
 * books. The booking goes through the room booking service as this account, so every rule applies as
 * to any member (booking off, maintenance, disabled rooms, restricted locations, approval in restricted
 * rooms). It has no password and no identity-provider subject (nobody can sign in as it), its address
 * is in the reserved .invalid domain, and it is handed to the service with an empty address, so no mail
 * is queued for it. Admins may list it in a location's access list or give it roles like anyone, and
 * those then apply to what displays may book. Which display booked is recorded in display_actions.
 */
export const DISPLAY_BOOKER_EMAIL = 'door-display@hotdesk.invalid';
export const DISPLAY_BOOKER_NAME = 'Door display';

export async function displayBooker(pool: pg.Pool): Promise<SessionUser> {
  await pool.query(
    `INSERT INTO users (email, full_name) VALUES ($1, $2) ON CONFLICT (email_key) DO NOTHING`, [DISPLAY_BOOKER_EMAIL, DISPLAY_BOOKER_NAME]);
  const { rows } = await pool.query<{ id: number; full_name: string; roles: string[]; team_ids: number[]; room_approver: boolean; site_lvl_admin: boolean; version: number }>(
    `SELECT u.id, u.full_name,
       coalesce((SELECT array_agg(r.name ORDER BY r.id) FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS roles,
       coalesce((SELECT array_agg(tm.team_id ORDER BY tm.team_id) FROM team_members tm WHERE tm.user_id = u.id), '{}') AS team_ids,
       ${CALLER_FLAGS_SQL}, (SELECT version FROM config_version) AS version
     FROM users u WHERE u.email_key = $1`, [DISPLAY_BOOKER_EMAIL]);
  const r = rows[0]!;
  return {
    id: r.id, email: '', fullName: r.full_name || DISPLAY_BOOKER_NAME, teamIds: r.team_ids,
    caller: { roles: r.roles as RoleName[], roomApprover: r.room_approver, siteLvlAdmin: r.site_lvl_admin }, configVersion: Number(r.version),
  };
}
