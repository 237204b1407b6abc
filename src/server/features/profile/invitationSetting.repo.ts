import type { Db } from '../orgAccess/orgAccess.repo.js';

/** Whether the person's booking mail carries calendar invitations (users.calendar_invitations, migration 0023). */
export async function readInvitationsOn(db: Db, userId: number): Promise<boolean> {
  const { rows } = await db.query<{ on: boolean }>('SELECT calendar_invitations AS on FROM users WHERE id = $1', [userId]);
  return rows[0]?.on ?? true;
}

export async function saveInvitationsOn(db: Db, userId: number, on: boolean): Promise<void> {
  await db.query('UPDATE users SET calendar_invitations = $2 WHERE id = $1', [userId, on]);
}
