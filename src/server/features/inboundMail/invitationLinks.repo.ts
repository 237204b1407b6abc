import type pg from 'pg';

type Db = Pick<pg.Pool | pg.PoolClient, 'query'>;

/** inbound_invitations (migration 0026): which booking an organizer's event (UID) holds in a room, and what was last applied. */
export interface InvitationLink {
  roomId: number; uid: string; organizerKey: string; userId: number; bookingId: number | null;
  sequence: number; dtstamp: Date; contentHash: string; summary: string; organizerEmail: string;
}

const COLUMNS = `room_id, uid, organizer_key, user_id, booking_id, sequence, dtstamp, content_hash, summary, organizer_email`;
const fromRow = (r: Record<string, unknown>): InvitationLink => ({
  roomId: Number(r.room_id), uid: String(r.uid), organizerKey: String(r.organizer_key), userId: Number(r.user_id),
  bookingId: r.booking_id === null ? null : Number(r.booking_id), sequence: Number(r.sequence), dtstamp: r.dtstamp as Date,
  contentHash: String(r.content_hash), summary: String(r.summary), organizerEmail: String(r.organizer_email),
});

export async function findLink(db: Db, roomId: number, uid: string): Promise<InvitationLink | undefined> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM inbound_invitations WHERE room_id = $1 AND uid = $2`, [roomId, uid]);
  return rows[0] ? fromRow(rows[0]) : undefined;
}

export async function linkOfBooking(db: Db, bookingId: number): Promise<(InvitationLink & { roomName: string; roomAddress: string | null }) | undefined> {
  const { rows } = await db.query(
    `SELECT ${COLUMNS.split(', ').map((c) => `i.${c}`).join(', ')}, r.name AS room_name, r.booking_address
     FROM inbound_invitations i JOIN rooms r ON r.id = i.room_id WHERE i.booking_id = $1`, [bookingId]);
  const r = rows[0];
  return r ? { ...fromRow(r), roomName: String(r.room_name), roomAddress: (r.booking_address as string | null) ?? null } : undefined;
}

/** Records what was applied: a new link, or the newer state of an existing one. */
export async function saveLink(db: Db, l: InvitationLink): Promise<void> {
  await db.query(
    `INSERT INTO inbound_invitations (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (room_id, uid) DO UPDATE SET booking_id = EXCLUDED.booking_id, sequence = EXCLUDED.sequence, dtstamp = EXCLUDED.dtstamp,
       content_hash = EXCLUDED.content_hash, summary = EXCLUDED.summary, organizer_email = EXCLUDED.organizer_email, updated_at = now()`,
    [l.roomId, l.uid, l.organizerKey, l.userId, l.bookingId, l.sequence, l.dtstamp, l.contentHash, l.summary, l.organizerEmail]);
}
