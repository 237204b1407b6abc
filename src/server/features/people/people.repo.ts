import type { PersonCard, PersonRef, TeamRef } from '../../../domain/wire/people.js';
import type { Db } from '../orgAccess/orgAccess.repo.js';

export const SEARCH_LIMIT = 50;
const contains = (q: string) => `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * People whose name or e-mail contains the text; closest (prefix) matches first. Erased people
 * (personalData/erasure.repo.ts: their row is a tombstone with an address in the reserved .invalid
 * domain) are nobody to choose any more.
 */
export async function searchPeople(db: Db, text: string): Promise<PersonRef[]> {
  const { rows } = await db.query<PersonRef>(
    `SELECT id AS "Id", full_name AS "FullName", email AS "Email" FROM users
     WHERE (full_name ILIKE $1 OR email ILIKE $1) AND email_key NOT LIKE '%@erased.invalid'
     ORDER BY (full_name ILIKE $2 OR email ILIKE $2) DESC, lower(full_name), email_key LIMIT ${SEARCH_LIMIT}`,
    [contains(text), contains(text).slice(1)],
  );
  return rows;
}

export async function searchTeams(db: Db, text: string): Promise<TeamRef[]> {
  const { rows } = await db.query<TeamRef>(
    `SELECT id AS "Id", name AS "Name" FROM teams WHERE name ILIKE $1 ORDER BY (name ILIKE $2) DESC, lower(name), id LIMIT ${SEARCH_LIMIT}`,
    [contains(text), contains(text).slice(1)],
  );
  return rows;
}

/**
 * The two people share a booking: one booked on behalf of the other (e-mail compared
 * case-insensitively, any status). Index-backed: bookings_booked_by and bookings_on_behalf (0005).
 */
export async function shareABooking(db: Db, a: { id: number; email: string }, b: { id: number; email: string }): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM bookings
     WHERE (booked_by_user_id = $1 AND on_behalf_of_email <> '' AND lower(on_behalf_of_email) = lower($4))
        OR (booked_by_user_id = $3 AND on_behalf_of_email <> '' AND lower(on_behalf_of_email) = lower($2))
     LIMIT 1`, [a.id, a.email, b.id, b.email]);
  return rows.length > 0;
}

export async function personCard(db: Db, id: number): Promise<PersonCard | undefined> {
  const { rows } = await db.query(
    'SELECT id, full_name, email, photo_type, photo_data, use_teams FROM users WHERE id = $1', [id]);
  const r = rows[0];
  if (!r) return undefined;
  return {
    Id: r.id, FullName: r.full_name, Email: r.email,
    Photo: r.photo_type && r.photo_data ? { Type: r.photo_type, Data: r.photo_data } : null,
    UseTeams: r.use_teams,
  };
}
