import type { Db } from '../orgAccess/orgAccess.repo.js';

export interface ProfileChange {
  fullName: string;
  organisation: string;
  phone: string;
  useTeams: boolean;
  /** undefined: keep the photo; null: remove it. */
  photo: { type: string; data: string } | null | undefined;
  /** Hide the person's name from others on the desk map and in "Who's in"; undefined keeps the choice. */
  hideNameOnMap: boolean | undefined;
}

export async function saveOwnProfile(db: Db, userId: number, c: ProfileChange): Promise<void> {
  const keepPhoto = c.photo === undefined;
  await db.query(
    `UPDATE users SET full_name = $2, organisation = $3, phone = $4, use_teams = $5,
       photo_type = CASE WHEN $6 THEN photo_type ELSE $7 END,
       photo_data = CASE WHEN $6 THEN photo_data ELSE $8 END,
       hide_name_on_map = coalesce($9, hide_name_on_map)
     WHERE id = $1`,
    [userId, c.fullName, c.organisation, c.phone, c.useTeams, keepPhoto, c.photo?.type ?? null, c.photo?.data ?? null, c.hideNameOnMap ?? null],
  );
}

/** Whether the person hides their name on the map (their own profile shows the choice). */
export async function readNameHidden(db: Db, userId: number): Promise<boolean> {
  const { rows } = await db.query<{ hide_name_on_map: boolean }>('SELECT hide_name_on_map FROM users WHERE id = $1', [userId]);
  return rows[0]?.hide_name_on_map ?? false;
}
