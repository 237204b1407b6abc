import type pg from 'pg';
import type { BookingConstraint } from '../../../domain/advanceLimit.js';
import { ReadCache } from '../../db/readCache.js';
import type { Booking, DeskOccupancy } from '../../../domain/wire/bookings.js';
import { BOOKING_COLUMNS, BOOKING_JOINS, toBooking, type BookingRow } from '../bookings/bookingPresenter.js';
import { deskInsertBatcher, insertOneDeskBooking, type NewDeskBooking } from './deskInsertBatcher.js';

/** Everything a desk booking decision needs, in one round trip. */
export interface DeskContext {
  floorplanId: number; locationId: number; siteId: number; timeZone: string;
  siteDeskBooking: boolean; parkingOffered: boolean; parkingSpaces: number;
  layoutId: number | null; layoutUpdatedAt: Date | null;
  maintenance: boolean; globalDeskBooking: boolean;
  globalConstraint: BookingConstraint;
  siteConstraint: BookingConstraint | null; locationConstraint: BookingConstraint | null;
  siteRestricted: boolean; locationRestricted: boolean;
  /** Desk access lists (access type 2) of the site and the location: who passes a restriction. */
  siteAccess: AccessList; locationAccess: AccessList;
}

export interface AccessList { userIds: number[]; teamIds: number[] }

const ACCESS_LIST = (scope: string, scopeId: string) => `(SELECT json_build_object(
    'userIds', coalesce(array_agg(g.user_id) FILTER (WHERE g.user_id IS NOT NULL), '{}'),
    'teamIds', coalesce(array_agg(g.team_id) FILTER (WHERE g.team_id IS NOT NULL), '{}'))
  FROM access_grants g WHERE g.scope = '${scope}' AND g.scope_id = ${scopeId} AND g.access_type = 2)`;

const CONSTRAINT = (column: string, id: string) => `(SELECT json_build_object('Number', c.number, 'Type', c.type, 'ResourceType', c.resource_type)
  FROM booking_constraints c WHERE c.${column} = ${id} AND c.resource_type = 2 ORDER BY c.id DESC LIMIT 1)`;

const CONTEXT_SQL = `
  SELECT f.id AS floorplan_id, l.id AS location_id, s.id AS site_id, s.time_zone, s.desk_booking_enabled,
    s.site_level_parking, s.parking_spaces, lay.id AS layout_id, lay.updated_at AS layout_updated_at,
    gs.maintenance_mode, gs.desk_booking_enabled AS global_desk_booking, gs.desk_constraint_number, gs.desk_constraint_type,
    ${CONSTRAINT('site_id', 's.id')} AS site_constraint,
    ${CONSTRAINT('location_id', 'l.id')} AS location_constraint,
    s.restrict_desk_access AS site_restricted, ${ACCESS_LIST('site', 's.id')} AS site_access,
    l.restrict_desk_access AS location_restricted, ${ACCESS_LIST('location', 'l.id')} AS location_access
  FROM floorplans f
  JOIN locations l ON l.id = f.location_id AND l.deleted_at IS NULL
  JOIN sites s ON s.id = l.site_id AND s.deleted_at IS NULL
  CROSS JOIN global_settings gs
  LEFT JOIN LATERAL (SELECT id, updated_at FROM layouts WHERE floorplan_id = f.id AND published ORDER BY id DESC LIMIT 1) lay ON true
  WHERE f.id = $1 AND f.deleted_at IS NULL`;

/**
 * Desk contexts cached per floorplan and configuration version: any change to settings, places,
 * layouts, constraints or access lists bumps the version (migration 0008), so a cached context is
 * never stale, and a booking needs no context query while the configuration stands still.
 */
const contexts = new ReadCache<DeskContext | undefined>(1000);

export function loadDeskContext(db: pg.Pool, floorplanId: number, configVersion: number): Promise<DeskContext | undefined> {
  return contexts.get(db, `${floorplanId}@${configVersion}`, () => queryDeskContext(db, floorplanId));
}

async function queryDeskContext(db: pg.Pool, floorplanId: number): Promise<DeskContext | undefined> {
  // Named statements on the booking path: PostgreSQL plans them once per connection.
  const { rows } = await db.query({ name: 'desk_context', text: CONTEXT_SQL, values: [floorplanId] });
  const r = rows[0];
  if (!r) return undefined;
  return {
    floorplanId: r.floorplan_id, locationId: r.location_id, siteId: r.site_id, timeZone: r.time_zone,
    siteDeskBooking: r.desk_booking_enabled, parkingOffered: r.site_level_parking && r.parking_spaces > 0, parkingSpaces: r.parking_spaces,
    layoutId: r.layout_id, layoutUpdatedAt: r.layout_updated_at,
    maintenance: r.maintenance_mode, globalDeskBooking: r.global_desk_booking,
    globalConstraint: { Number: r.desk_constraint_number, Type: r.desk_constraint_type, ResourceType: 2 },
    siteConstraint: r.site_constraint, locationConstraint: r.location_constraint,
    siteRestricted: r.site_restricted, siteAccess: r.site_access,
    locationRestricted: r.location_restricted, locationAccess: r.location_access,
  };
}

export type { NewDeskBooking } from './deskInsertBatcher.js';

/** A new desk booking, written together with others arriving at the same moment (DeskInsertBatcher). */
export function insertDeskBooking(db: pg.Pool, n: NewDeskBooking) {
  return deskInsertBatcher(db).insert(n);
}

/** A desk booking as an edit needs it, with the booker's e-mail (the holder when no on-behalf person is named). */
export async function loadDeskBookingForEdit(db: pg.Pool, id: number) {
  const { rows } = await db.query(
    `SELECT b.booked_by_user_id, b.on_behalf_of_email, b.status, b.floorplan_id, b.desk_id, b.starts_at, b.finishes_at,
       b.description, b.include_parking, u.email AS booker_email
     FROM bookings b JOIN users u ON u.id = b.booked_by_user_id WHERE b.id = $1 AND b.desk_id IS NOT NULL`, [id]);
  const r = rows[0];
  if (!r) return undefined;
  return {
    bookedByUserId: r.booked_by_user_id as number, onBehalfOfEmail: r.on_behalf_of_email as string, status: r.status as number,
    floorplanId: r.floorplan_id as number, deskId: r.desk_id as string, start: r.starts_at as Date, finish: r.finishes_at as Date,
    description: r.description as string, includeParking: r.include_parking as boolean, bookerEmail: r.booker_email as string,
  };
}

const UPDATE_SQL = `
  WITH b AS (
    UPDATE bookings SET layout_id = $2, desk_id = $3, desk_name = $4, starts_at = $5, finishes_at = $6, description = $7,
      on_behalf_of_email = $8, holder_key = $9, include_parking = $10, updated_at = now()
    WHERE id = $1 AND status IN (0, 1)
    RETURNING *)
  SELECT ${BOOKING_COLUMNS} FROM b ${BOOKING_JOINS}`;

export type RewriteResult = { ok: true; booking: Booking } | { ok: false; reason: 'parkingFull' | 'notActive' };

/**
 * Writes an edited desk booking. With parking (spaces not null) the site's parking lock is held and
 * the count leaves this booking out. Not ok when the car park is full, or when the booking stopped
 * being active since it was read (cancelled meanwhile).
 */
export async function rewriteDeskBooking(db: pg.Pool, id: number, n: NewDeskBooking, spaces: number | null): Promise<RewriteResult> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    if (spaces !== null) {
      await client.query('SELECT pg_advisory_xact_lock(7310002, $1)', [n.siteId]);
      const { rows } = await client.query<{ used: number }>(
        `SELECT count(*)::int AS used FROM bookings WHERE site_id = $1 AND include_parking AND status IN (0, 1)
         AND during && tstzrange($2, $3, '[)') AND id <> $4`, [n.siteId, n.start, n.finish, id]);
      if ((rows[0]?.used ?? 0) >= spaces) {
        await client.query('ROLLBACK');
        return { ok: false, reason: 'parkingFull' };
      }
    }
    const updated = await client.query<BookingRow>(UPDATE_SQL,
      [id, n.layoutId, n.deskId, n.deskName, n.start, n.finish, n.description, n.onBehalfOfEmail, n.holderKey, n.includeParking]);
    await client.query('COMMIT');
    return updated.rows[0] ? { ok: true, booking: toBooking(updated.rows[0]) } : { ok: false, reason: 'notActive' };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/**
 * With parking, capacity is a count, which no constraint can express: a transaction-scoped advisory
 * lock per site serialises parking bookings of that site, so the count cannot be overtaken.
 * Returns undefined when the car park is full for that time.
 */
export async function insertDeskBookingWithParking(db: pg.Pool, n: NewDeskBooking, spaces: number) {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(7310002, $1)', [n.siteId]);
    const { rows } = await client.query<{ used: number }>(
      `SELECT count(*)::int AS used FROM bookings WHERE site_id = $1 AND include_parking AND status IN (0, 1)
       AND during && tstzrange($2, $3, '[)')`, [n.siteId, n.start, n.finish]);
    if ((rows[0]?.used ?? 0) >= spaces) {
      await client.query('ROLLBACK');
      return undefined;
    }
    const inserted = await insertOneDeskBooking(client, n);
    await client.query('COMMIT');
    return inserted;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** What the occupancy call may say about the people at desks, decided by the service. */
export type OccupantScope =
  | { kind: 'none' }
  | { kind: 'teammates' | 'everyone'; teamIds: number[] };

/**
 * One desk's booking with, when asked for, facts about its holder for the privacy rule (never sent as is).
 * The times come as the ISO text the answer sends (ISO_UTC): no Date to parse and format again per row.
 */
export interface OccupancyRow {
  desk_id: string; starts_at: string; finishes_at: string; status: number; id: string; mine: boolean;
  holder_id: number | null; holder_name: string | null; holder_hides: boolean | null; shares_team: boolean | null;
}

/** An instant as Date.prototype.toISOString writes it (milliseconds, 'Z'), made by PostgreSQL. */
const ISO_UTC = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const OCCUPANCY_SQL = `SELECT desk_id, ${ISO_UTC('b.starts_at')} AS starts_at, ${ISO_UTC('b.finishes_at')} AS finishes_at, status, id,
       (booked_by_user_id = $4 OR holder_key = lower($5)) AS mine,
       NULL::int AS holder_id, NULL::text AS holder_name, NULL::boolean AS holder_hides, NULL::boolean AS shares_team
     FROM bookings b WHERE floorplan_id = $1 AND status IN (0, 1) AND during && tstzrange($2, $3, '[)')
     ORDER BY b.starts_at`; // b.: the column, not the text of the same name

/**
 * With names: the holder (the on-behalf person when named) found by e-mail through users' unique
 * email_key, and whether they share one of the viewer's teams ($6). One extra index lookup per booking.
 */
const OCCUPANCY_WITH_HOLDERS_SQL = `SELECT b.desk_id, ${ISO_UTC('b.starts_at')} AS starts_at, ${ISO_UTC('b.finishes_at')} AS finishes_at, b.status, b.id,
       (b.booked_by_user_id = $4 OR b.holder_key = lower($5)) AS mine,
       u.id AS holder_id, u.full_name AS holder_name, u.hide_name_on_map AS holder_hides,
       EXISTS (SELECT 1 FROM team_members tm WHERE tm.user_id = u.id AND tm.team_id = ANY ($6::int[])) AS shares_team
     FROM bookings b LEFT JOIN users u ON u.email_key = b.holder_key
     WHERE b.floorplan_id = $1 AND b.status IN (0, 1) AND b.during && tstzrange($2, $3, '[)')
     ORDER BY b.starts_at`; // b.: the column, not the text of the same name

export async function deskOccupancyRows(
  db: pg.Pool, floorplanId: number, start: Date, end: Date, userId: number, userEmail: string, scope: OccupantScope,
): Promise<OccupancyRow[]> {
  // Named statements: planned once per connection (the screen asks for this on every open and every day chosen).
  const { rows } = scope.kind === 'none'
    ? await db.query<OccupancyRow>({ name: 'desk_occupancy', text: OCCUPANCY_SQL, values: [floorplanId, start, end, userId, userEmail] })
    : await db.query<OccupancyRow>({ name: 'desk_occupancy_holders', text: OCCUPANCY_WITH_HOLDERS_SQL, values: [floorplanId, start, end, userId, userEmail, scope.teamIds] });
  return rows;
}

/** The wire shape; `occupant` is what the service decided may be shown (null: hidden). */
export function toDeskOccupancy(r: OccupancyRow, occupant: DeskOccupancy['Occupant']): DeskOccupancy {
  return {
    DeskId: r.desk_id, Start: r.starts_at, Finish: r.finishes_at, Status: r.status,
    IsMine: r.mine, BookingId: r.mine ? Number(r.id) : null, Occupant: occupant,
  };
}
