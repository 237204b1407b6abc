import type { InsightsSettings } from '../../../domain/wire/insights.js';
import type { Db } from '../orgAccess/orgAccess.repo.js';

/** The insights settings live in global_settings (migration 0030), read fresh on every call: one row, one index-free read. */
export async function readInsightsSettings(db: Db): Promise<InsightsSettings> {
  const { rows } = await db.query<{ min: number; wc: boolean }>(
    { name: 'insights_settings', text: 'SELECT insights_min_group_size AS min, works_council_mode AS wc FROM global_settings' });
  return { MinGroupSize: rows[0]?.min ?? 5, WorksCouncilMode: rows[0]?.wc ?? false };
}

export async function writeInsightsSettings(db: Db, s: InsightsSettings): Promise<void> {
  await db.query('UPDATE global_settings SET insights_min_group_size = $1, works_council_mode = $2', [s.MinGroupSize, s.WorksCouncilMode]);
}
