import type pg from 'pg';
import type { RoleName } from '../../../domain/roles.js';
import type { SessionUser } from '../../auth/sessions.js';
import { CALLER_FLAGS_SQL } from '../../auth/sessions.js';

/**
 * The person an invitation's From address belongs to, as the booking services expect a caller
 * (SessionUser: roles, teams, approver flags, configuration version), read the way a session is.
 * Addresses are unique without case (users.email_key), so at most one person matches; undefined for
 * an address Hotdesk does not know.
 */
export async function senderAsUser(db: Pick<pg.Pool, 'query'>, address: string): Promise<SessionUser | undefined> {
  const { rows } = await db.query<{ id: number; email: string; full_name: string; roles: string[]; team_ids: number[]; room_approver: boolean; site_lvl_admin: boolean; config_version: number }>(
    `SELECT u.id, u.email, u.full_name,
       coalesce((SELECT array_agg(r.name ORDER BY r.id) FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS roles,
       coalesce((SELECT array_agg(tm.team_id ORDER BY tm.team_id) FROM team_members tm WHERE tm.user_id = u.id), '{}') AS team_ids,
       ${CALLER_FLAGS_SQL},
       (SELECT version FROM config_version) AS config_version
     FROM users u WHERE u.email_key = lower($1)`, [address]);
  const r = rows[0];
  if (!r || rows.length !== 1) return undefined;
  return {
    id: r.id, email: r.email, fullName: r.full_name, teamIds: r.team_ids, configVersion: Number(r.config_version),
    caller: { roles: r.roles as RoleName[], roomApprover: r.room_approver, siteLvlAdmin: r.site_lvl_admin },
  };
}
