import type pg from 'pg';
import type { Booking } from '../../../domain/wire/bookings.js';
import { GroupCommit } from '../../db/groupCommit.js';
import { BOOKING_COLUMNS, BOOKING_JOINS, toBooking, type BookingRow } from '../bookings/bookingPresenter.js';
import { ICS_SEQUENCE_SQL, type IcsTemplate } from '../mail/bookingIcs.js';
import type { NewRoomBooking } from './roomBooking.repo.js';

/**
 * What a new room booking tells its booker, rendered before it is saved: a push message and an
 * e-mail to the booker (a booked room, with its calendar entry), or nothing (a request nobody is to
 * be told of). Notices to anyone else go through the mail limit's transaction instead (bookRoom).
 */
export interface BookerNotice {
  pushUserId: number | null;
  mailTo: string | null;
  subject: string; text: string; url: string;
  /** Completed by the statement with the booking's id and updated_at. */
  ics: IcsTemplate | null;
}

export interface NotifiedRoomBooking { booking: NewRoomBooking; notice: BookerNotice }

// Many room bookings and their notices in one statement, so in one commit. Ids are drawn first so
// each inserted booking can be matched to its request and to its notice; the push and mail rows are
// queued only for the bookings inserted, in the same statement (all or nothing, like a transaction).
// One statement, two forms: in a batch a booking that room_not_double_booked refuses is skipped
// (ON CONFLICT DO NOTHING, not fatal to the others) and then written alone, without the clause, so
// it fails with the constraint's own error (409) exactly as it would have without batching.
const insertSql = (skipClashes: boolean) => `
  WITH input AS MATERIALIZED (
    SELECT nextval('bookings_id_seq') AS id, x.*
    FROM unnest($1::int[], $2::int[], $3::int[], $4::timestamptz[], $5::timestamptz[], $6::text[], $7::text[], $8::int[], $9::text[],
                $10::smallint[], $11::int[], $12::text[], $13::text[], $14::text[], $15::text[], $16::text[], $17::text[], $18::text[])
      WITH ORDINALITY AS x(site_id, location_id, room_id, starts_at, finishes_at, description, on_behalf_of_email, booked_by_user_id,
                           holder_key, status, push_user_id, mail_to, subject, body, url, ics_head, ics_middle, ics_tail, ord)
  ), b AS (
    INSERT INTO bookings (id, site_id, location_id, room_id, starts_at, finishes_at, description, on_behalf_of_email,
      booked_by_user_id, holder_key, status)
    SELECT id, site_id, location_id, room_id, starts_at, finishes_at, description, on_behalf_of_email, booked_by_user_id, holder_key, status
    FROM input ORDER BY ord
    ${skipClashes ? 'ON CONFLICT DO NOTHING' : ''}
    RETURNING *
  ), push AS (
    INSERT INTO push_outbox (user_id, title, body, url)
    SELECT i.push_user_id, i.subject, i.body, i.url FROM b JOIN input i ON i.id = b.id WHERE i.push_user_id IS NOT NULL
  ), mail AS (
    INSERT INTO mail_outbox (to_address, subject, body_text, ics)
    SELECT i.mail_to, i.subject, i.body, i.ics_head || b.id || i.ics_middle || ${ICS_SEQUENCE_SQL} || i.ics_tail
    FROM b JOIN input i ON i.id = b.id WHERE i.mail_to <> ''
  )
  SELECT input.ord::int AS ord, ${BOOKING_COLUMNS} FROM b JOIN input ON input.id = b.id ${BOOKING_JOINS}`;

const BATCH_SQL = insertSql(true);
const ONE_SQL = insertSql(false);

function params(items: NotifiedRoomBooking[]) {
  const col = <T>(f: (n: NotifiedRoomBooking) => T) => items.map(f);
  return [
    col((n) => n.booking.siteId), col((n) => n.booking.locationId), col((n) => n.booking.roomId), col((n) => n.booking.start),
    col((n) => n.booking.finish), col((n) => n.booking.description), col((n) => n.booking.onBehalfOfEmail),
    col((n) => n.booking.bookedByUserId), col((n) => n.booking.holderKey), col((n) => n.booking.status),
    col((n) => n.notice.pushUserId), col((n) => n.notice.mailTo), col((n) => n.notice.subject), col((n) => n.notice.text),
    col((n) => n.notice.url), col((n) => n.notice.ics?.head ?? null), col((n) => n.notice.ics?.middle ?? null), col((n) => n.notice.ics?.tail ?? null),
  ];
}

/** A room booking and its notice written on its own: a clash fails with room_not_double_booked (then 409). */
export async function insertNotifiedRoomBooking(db: pg.Pool | pg.PoolClient, item: NotifiedRoomBooking): Promise<Booking> {
  const { rows } = await db.query<BookingRow>({ name: 'room_insert_notified', text: ONE_SQL, values: params([item]) });
  return toBooking(rows[0]!);
}

/**
 * Group commit for new room bookings (GroupCommit, db/groupCommit.ts), as desk bookings have had
 * (deskInsertBatcher.ts): bookings that arrive while earlier ones are being written go out together,
 * with their push and mail rows, in one statement and one commit. A booking the batch skipped (a
 * clash) or that a failing batch took down (a room deleted meanwhile) is written alone, so every
 * caller gets exactly its own answer and error; room_not_double_booked keeps deciding who wins.
 */
export class RoomInsertBatcher extends GroupCommit<NotifiedRoomBooking, Booking> {
  constructor(db: pg.Pool) {
    super({
      many: async (items) => {
        const { rows } = await db.query<BookingRow & { ord: number }>({ name: 'room_insert_notified_batch', text: BATCH_SQL, values: params(items) });
        return new Map(rows.map((r) => [r.ord, toBooking(r)]));
      },
      one: (item) => insertNotifiedRoomBooking(db, item),
    });
  }

  insert(item: NotifiedRoomBooking): Promise<Booking> {
    return this.submit(item);
  }
}

const batchers = new WeakMap<pg.Pool, RoomInsertBatcher>();

/** The batcher of a pool (one per app instance and database). */
export function roomInsertBatcher(db: pg.Pool): RoomInsertBatcher {
  let b = batchers.get(db);
  if (!b) { b = new RoomInsertBatcher(db); batchers.set(db, b); }
  return b;
}
