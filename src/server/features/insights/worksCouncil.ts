import type { FastifyRequest } from 'fastify';
import { isAdmin } from '../../../domain/permissions.js';
import type { AppDeps } from '../../deps.js';
import { forbidden } from '../../http/errors.js';
import { requireUser } from '../../http/guard.js';
import { readInsightsSettings } from './insightsSettings.repo.js';

export const WORKS_COUNCIL_REFUSAL = 'Works council mode is on: per-person reports and the booking-by-booking export are for Admins only.';

/**
 * Works council mode (issue 25): Reporting users see aggregates only. What reporting showed per person
 * before insights: the tag report of a people tag (a count per named person) and the CSV export (one
 * line per booking with who booked it, their e-mail and the on-behalf person; even without names a line
 * per booking of a desk tells who sat where). Both are refused for non-admins while the mode is on.
 * `perPerson`: whether this call would show per-person data.
 */
export async function refusePerPersonInWorksCouncilMode(deps: AppDeps, request: FastifyRequest, perPerson: () => Promise<boolean>): Promise<void> {
  if (isAdmin(requireUser(request).caller)) return;
  if (!(await readInsightsSettings(deps.pool)).WorksCouncilMode) return;
  if (await perPerson()) throw forbidden(WORKS_COUNCIL_REFUSAL);
}

/** Whether a report of this filter and tag lists people (a tag of people, type 1). */
export async function reportListsPeople(deps: AppDeps, filter: string, tagId: number): Promise<boolean> {
  if (filter !== 'tag') return false;
  const { rows } = await deps.pool.query<{ type: number }>('SELECT type FROM tags WHERE id = $1', [tagId]);
  return rows[0]?.type === 1;
}
