import type pg from 'pg';
import type { LayoutRecord } from '../../../domain/wire/floorplans.js';

/** The latest published layout of a floorplan with what the booking screen shows beside it. */
export async function loadPublishedLayout(db: pg.Pool, floorplanId: number): Promise<LayoutRecord | undefined> {
  const { rows } = await db.query(
    `SELECT lay.id, lay.json, l.title AS location_name, l.building_name_no, s.notes, s.site_level_parking, s.parking_spaces,
       s.id AS site_id, l.id AS location_id, s.time_zone
     FROM floorplans f
     JOIN locations l ON l.id = f.location_id AND l.deleted_at IS NULL
     JOIN sites s ON s.id = l.site_id AND s.deleted_at IS NULL
     JOIN LATERAL (SELECT id, json FROM layouts WHERE floorplan_id = f.id AND published ORDER BY id DESC LIMIT 1) lay ON true
     WHERE f.id = $1 AND f.deleted_at IS NULL`, [floorplanId]);
  const r = rows[0];
  if (!r) return undefined;
  return {
    Id: r.id, Json: r.json, LocationName: r.location_name, LocationBuildingNo: r.building_name_no, SiteNotes: r.notes,
    HasParking: r.site_level_parking && r.parking_spaces > 0, ParkingLimit: r.parking_spaces,
    SiteId: r.site_id, LocationId: r.location_id, TimeZone: r.time_zone,
  };
}
