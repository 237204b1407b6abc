import type { TeamRef } from '../../../domain/wire/people.js';
import type { Db } from '../orgAccess/orgAccess.repo.js';

export async function allTeams(db: Db): Promise<TeamRef[]> {
  const { rows } = await db.query<TeamRef>('SELECT id AS "Id", name AS "Name" FROM teams ORDER BY lower(name), id');
  return rows;
}
