import type pg from 'pg';
import type { GlobalSettings, GlobalSettingsInput, NamesOnMap } from '../../../domain/wire/settings.js';

export async function readGlobalSettings(db: pg.Pool | pg.PoolClient, forUpdate = false): Promise<GlobalSettings> {
  const { rows } = await db.query(`SELECT * FROM global_settings${forUpdate ? ' FOR UPDATE' : ''}`);
  const r = rows[0];
  return {
    MaintenanceMode: r.maintenance_mode,
    RoomBookingEnabled: r.room_booking_enabled,
    DeskBookingEnabled: r.desk_booking_enabled,
    GlobalDeskConstraint: { Number: r.desk_constraint_number, Type: r.desk_constraint_type, ResourceType: 2 },
    GlobalRoomConstraint: { Number: r.room_constraint_number, Type: r.room_constraint_type, ResourceType: 1 },
    NamesOnMap: r.names_on_map as NamesOnMap,
  };
}

/** Saves the settings; NamesOnMap left out keeps the saved value. */
export async function writeGlobalSettings(db: pg.Pool | pg.PoolClient, s: GlobalSettingsInput): Promise<void> {
  await db.query(
    `UPDATE global_settings SET maintenance_mode = $1, room_booking_enabled = $2, desk_booking_enabled = $3,
       desk_constraint_number = $4, desk_constraint_type = $5, room_constraint_number = $6, room_constraint_type = $7,
       names_on_map = coalesce($8, names_on_map)`,
    [s.MaintenanceMode, s.RoomBookingEnabled, s.DeskBookingEnabled, s.GlobalDeskConstraint.Number, s.GlobalDeskConstraint.Type,
      s.GlobalRoomConstraint.Number, s.GlobalRoomConstraint.Type, s.NamesOnMap ?? null],
  );
}

/** The organisation's names setting alone (the desk map and "Who's in" read it on every call). */
export async function readNamesOnMap(db: pg.Pool | pg.PoolClient): Promise<NamesOnMap> {
  const { rows } = await db.query<{ names_on_map: NamesOnMap }>({ name: 'names_on_map', text: 'SELECT names_on_map FROM global_settings' });
  return rows[0]?.names_on_map ?? 'teammates';
}

/** Whether live, visible, enabled rooms of each type exist (the home menu's room tiles depend on it). */
export async function roomTypesPresent(db: pg.Pool | pg.PoolClient): Promise<{ standard: boolean; clinical: boolean }> {
  const { rows } = await db.query<{ standard: boolean; clinical: boolean }>(
    `SELECT bool_or(r.room_type = 0) IS TRUE AS standard, bool_or(r.room_type = 1) IS TRUE AS clinical
     FROM rooms r JOIN locations l ON l.id = r.location_id JOIN sites s ON s.id = l.site_id
     WHERE r.deleted_at IS NULL AND l.deleted_at IS NULL AND s.deleted_at IS NULL AND NOT r.hidden AND NOT r.disabled`,
  );
  return rows[0] ?? { standard: false, clinical: false };
}
