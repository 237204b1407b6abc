import type pg from 'pg';
import type { TagType } from '../../../domain/orgAccess.js';
import type { Tag } from '../../../domain/wire/tags.js';
import type { Db } from '../orgAccess/orgAccess.repo.js';

const COLUMNS = 'id AS "Id", label AS "Label", tooltip AS "Tooltip", type AS "Type"';
const SEARCH_LIMIT = 50;

/** LIKE pattern for a contains-search; the user's % and _ are literal. */
const contains = (q: string) => `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function insertTag(db: Db, t: { label: string; tooltip: string; type: TagType }): Promise<Tag> {
  const { rows } = await db.query<Tag>(`INSERT INTO tags (label, tooltip, type) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`, [t.label, t.tooltip, t.type]);
  return rows[0]!;
}

/** Changing a tag's type drops its assignments to things of the old type. */
export async function updateTag(db: Db, id: number, t: { label: string; tooltip: string; type: TagType }): Promise<Tag | undefined> {
  const { rows } = await db.query<Tag>(`WITH off_type AS (DELETE FROM tag_assignments WHERE tag_id = $1 AND kind <> $4)
     UPDATE tags SET label = $2, tooltip = $3, type = $4 WHERE id = $1 RETURNING ${COLUMNS}`, [id, t.label, t.tooltip, t.type]);
  return rows[0];
}

export async function findTag(db: Db, id: number): Promise<Tag | undefined> {
  const { rows } = await db.query<Tag>(`SELECT ${COLUMNS} FROM tags WHERE id = $1`, [id]);
  return rows[0];
}

export async function searchTags(db: Db, query: string, type: number | null): Promise<Tag[]> {
  const { rows } = await db.query<Tag>(
    `SELECT ${COLUMNS} FROM tags WHERE label ILIKE $1 AND ($2::smallint IS NULL OR type = $2)
     ORDER BY (lower(label) = lower($3)) DESC, (label ILIKE $4) DESC, lower(label), id LIMIT ${SEARCH_LIMIT}`,
    [contains(query), type, query.trim(), `${query.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`],
  );
  return rows;
}

export async function tagsOfType(db: Db, type: number): Promise<Tag[]> {
  const { rows } = await db.query<Tag>(`SELECT ${COLUMNS} FROM tags WHERE type = $1 ORDER BY lower(label), id`, [type]);
  return rows;
}

export async function assignedTags(db: Db, kind: TagType, targetId: number): Promise<Tag[]> {
  const { rows } = await db.query<Tag>(
    `SELECT t.id AS "Id", t.label AS "Label", t.tooltip AS "Tooltip", t.type AS "Type"
     FROM tag_assignments a JOIN tags t ON t.id = a.tag_id WHERE a.kind = $1 AND a.target_id = $2 ORDER BY lower(t.label), t.id`,
    [kind, targetId],
  );
  return rows;
}

/** Does the tagged thing exist (a person, or a live room, location or site)? */
export async function targetExists(db: Db, kind: TagType, targetId: number): Promise<boolean> {
  const table = { 1: 'users', 3: 'rooms', 4: 'locations', 5: 'sites' }[kind as 1 | 3 | 4 | 5];
  const live = kind === 1 ? '' : ' AND deleted_at IS NULL';
  const { rowCount } = await db.query(`SELECT 1 FROM ${table} WHERE id = $1${live}`, [targetId]);
  return rowCount === 1;
}

/** Replaces the tags of one thing; every tag must exist and be of the kind's type (else false, nothing changed). */
export async function replaceAssignments(client: pg.PoolClient, kind: TagType, targetId: number, tagIds: number[]): Promise<boolean> {
  await client.query('DELETE FROM tag_assignments WHERE kind = $1 AND target_id = $2', [kind, targetId]);
  if (tagIds.length === 0) return true;
  const res = await client.query(
    `INSERT INTO tag_assignments (tag_id, kind, target_id) SELECT t.id, $1, $2 FROM tags t WHERE t.id = ANY ($3::int[]) AND t.type = $1`,
    [kind, targetId, tagIds],
  );
  return res.rowCount === tagIds.length;
}
