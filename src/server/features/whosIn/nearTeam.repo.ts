import type pg from 'pg';

/** A desk a teammate of the viewer holds on the floor in the window, with what the privacy rule needs. */
export interface TeammateDeskRow { desk_id: string; user_id: number; hide_name_on_map: boolean }

/**
 * From the viewer's teams' members (a few dozen) to their active desk bookings on this floorplan that
 * touch [$2, $3): by holder (index bookings_holder), the on-behalf person when one is named. The viewer
 * and people hiding their name are read too: the service's rule (countsForNearTeam) leaves them out.
 */
const TEAMMATE_DESKS_SQL = `
  SELECT DISTINCT b.desk_id, u.id AS user_id, u.hide_name_on_map
  FROM (SELECT DISTINCT tm.user_id FROM team_members tm WHERE tm.team_id = ANY ($4::int[])) mates
  JOIN users u ON u.id = mates.user_id
  JOIN bookings b ON b.holder_key = u.email_key
  WHERE b.floorplan_id = $1 AND b.desk_id IS NOT NULL AND b.status IN (0, 1) AND b.during && tstzrange($2, $3, '[)')`;

export async function teammateDesks(db: pg.Pool, floorplanId: number, from: Date, to: Date, teamIds: number[]): Promise<TeammateDeskRow[]> {
  const { rows } = await db.query<TeammateDeskRow>({ name: 'near_team_desks', text: TEAMMATE_DESKS_SQL, values: [floorplanId, from, to, teamIds] });
  return rows;
}
