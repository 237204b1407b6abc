import type pg from 'pg';
import type { Booking } from '../../../domain/wire/bookings.js';
import { GroupCommit } from '../../db/groupCommit.js';
import { BOOKING_COLUMNS, BOOKING_JOINS, toBooking, type BookingRow } from '../bookings/bookingPresenter.js';

/** The row a desk booking writes (deskBooking.repo.ts builds it from the checked request). */
export interface NewDeskBooking {
  siteId: number; locationId: number; floorplanId: number; layoutId: number; deskId: string; deskName: string;
  start: Date; finish: Date; description: string; onBehalfOfEmail: string; bookedByUserId: number; holderKey: string;
  includeParking: boolean;
}

// One statement inserts and returns the presented booking; the exclusion constraints refuse overlaps.
const SINGLE_INSERT_SQL = `
  WITH b AS (
    INSERT INTO bookings (site_id, location_id, floorplan_id, layout_id, desk_id, desk_name, starts_at, finishes_at,
      description, on_behalf_of_email, booked_by_user_id, holder_key, include_parking, status)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 1)
    RETURNING *)
  SELECT ${BOOKING_COLUMNS} FROM b ${BOOKING_JOINS}`;

const singleParams = (n: NewDeskBooking) => [n.siteId, n.locationId, n.floorplanId, n.layoutId, n.deskId, n.deskName, n.start, n.finish,
  n.description, n.onBehalfOfEmail, n.bookedByUserId, n.holderKey, n.includeParking];

/** Inserts one desk booking on its own; a clash fails with the exclusion constraint's error (then 409). */
export async function insertOneDeskBooking(db: pg.Pool | pg.PoolClient, n: NewDeskBooking): Promise<Booking> {
  const { rows } = await db.query<BookingRow>({ name: 'desk_insert', text: SINGLE_INSERT_SQL, values: singleParams(n) });
  return toBooking(rows[0]!);
}

// Many bookings in one statement and one commit. Ids are drawn first so each inserted row can be
// matched to the request that asked for it; a row an exclusion constraint refuses is skipped
// (ON CONFLICT DO NOTHING), not fatal to the others.
const BATCH_INSERT_SQL = `
  WITH input AS MATERIALIZED (
    SELECT nextval('bookings_id_seq') AS id, x.*
    FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::text[], $6::text[], $7::timestamptz[], $8::timestamptz[],
                $9::text[], $10::text[], $11::int[], $12::text[], $13::boolean[])
      WITH ORDINALITY AS x(site_id, location_id, floorplan_id, layout_id, desk_id, desk_name, starts_at, finishes_at,
                           description, on_behalf_of_email, booked_by_user_id, holder_key, include_parking, ord)
  ), b AS (
    INSERT INTO bookings (id, site_id, location_id, floorplan_id, layout_id, desk_id, desk_name, starts_at, finishes_at,
      description, on_behalf_of_email, booked_by_user_id, holder_key, include_parking, status)
    SELECT id, site_id, location_id, floorplan_id, layout_id, desk_id, desk_name, starts_at, finishes_at,
      description, on_behalf_of_email, booked_by_user_id, holder_key, include_parking, 1
    FROM input ORDER BY ord
    ON CONFLICT DO NOTHING
    RETURNING *)
  SELECT input.ord::int AS ord, ${BOOKING_COLUMNS} FROM b JOIN input ON input.id = b.id ${BOOKING_JOINS}`;

function batchParams(rows: NewDeskBooking[]) {
  const col = <T>(f: (n: NewDeskBooking) => T) => rows.map(f);
  return [col((n) => n.siteId), col((n) => n.locationId), col((n) => n.floorplanId), col((n) => n.layoutId), col((n) => n.deskId),
    col((n) => n.deskName), col((n) => n.start), col((n) => n.finish), col((n) => n.description), col((n) => n.onBehalfOfEmail),
    col((n) => n.bookedByUserId), col((n) => n.holderKey), col((n) => n.includeParking)];
}

/**
 * Group commit for new desk bookings (GroupCommit, db/groupCommit.ts): bookings that arrive while
 * earlier ones are being written go out together in BATCH_INSERT_SQL, at about half the database CPU
 * per booking (bench/README.md). A booking the batch skipped (a clash) or that a failing batch took
 * down is retried alone through insertOneDeskBooking, so it gets exactly its own answer and error;
 * the exclusion constraints keep deciding who wins a desk.
 */
export class DeskInsertBatcher extends GroupCommit<NewDeskBooking, Booking> {
  constructor(db: pg.Pool) {
    super({
      many: async (rows) => {
        const { rows: inserted } = await db.query<BookingRow & { ord: number }>({ name: 'desk_insert_batch', text: BATCH_INSERT_SQL, values: batchParams(rows) });
        return new Map(inserted.map((r) => [r.ord, toBooking(r)]));
      },
      one: (row) => insertOneDeskBooking(db, row),
    });
  }

  insert(row: NewDeskBooking): Promise<Booking> {
    return this.submit(row);
  }
}

const batchers = new WeakMap<pg.Pool, DeskInsertBatcher>();

/** The batcher of a pool (one per app instance and database). */
export function deskInsertBatcher(db: pg.Pool): DeskInsertBatcher {
  let b = batchers.get(db);
  if (!b) { b = new DeskInsertBatcher(db); batchers.set(db, b); }
  return b;
}
