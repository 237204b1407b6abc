import { nextDay } from '../../../domain/deskRoute.js';
import { countsForNearTeam } from '../../../domain/namePrivacy.js';
import { NEAR_TEAM_DISTANCE, nearTeamDesks } from '../../../domain/nearTeam.js';
import { fromWallClock, toWallClock } from '../../../domain/wallClock.js';
import type { NearTeamAnswer } from '../../../domain/wire/whosIn.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { badInput, notFound } from '../../http/errors.js';
import { loadDeskContext } from '../deskBooking/deskBooking.repo.js';
import { publishedDesks } from '../deskBooking/publishedDesks.js';
import { namesOnMapSetting } from '../settings/settings.service.js';
import { countRead } from '../../http/perPersonLimit.js';
import { teammateDesks } from './nearTeam.repo.js';

/** Reads per person and minute, as for Who's in: the answer says roughly where teammates sit that day. */
export const NEAR_TEAM_READS_PER_MINUTE = 60;
/** The map's range is at most this long (as for the occupancy call). */
const MAX_RANGE_DAYS = 31;

/**
 * The whole days, in the site's time zone, that the map's range touches: a teammate in from 10:00
 * is near you that day even when you book from 09:00 (deskbird and Robin speak of "who is in that day").
 */
export function siteDays(start: Date, end: Date, timeZone: string): { from: Date; to: Date } {
  const first = toWallClock(start, timeZone).date;
  const last = toWallClock(new Date(end.getTime() - 1), timeZone).date;
  return { from: fromWallClock(first, 0, timeZone), to: fromWallClock(nextDay(last), 0, timeZone) };
}

/**
 * GET /api/bookings/for/{floorplanId}/near-team: the desks of this floor near a desk booked that day
 * by a teammate of the caller who counts (namePrivacy.countsForNearTeam), plus the desks assigned to
 * the caller's teams. Only desk ids and yes/no facts leave: never who, nor how many.
 */
export async function nearTeam(deps: AppDeps, user: SessionUser, floorplanId: number, start: Date, end: Date): Promise<NearTeamAnswer> {
  if (end <= start) throw badInput('The end must be after the start.', { end: 'The end must be after the start.' });
  if (end.getTime() - start.getTime() > MAX_RANGE_DAYS * 86_400_000) {
    throw badInput(`Ask for at most ${MAX_RANGE_DAYS} days at a time.`, { end: `Ask for at most ${MAX_RANGE_DAYS} days at a time.` });
  }
  const ctx = await loadDeskContext(deps.pool, floorplanId, user.configVersion);
  if (!ctx) throw notFound('The floorplan');
  await countRead(deps.pool, 'nearTeam', user.id, NEAR_TEAM_READS_PER_MINUTE);
  const setting = await namesOnMapSetting(deps.pool, user.configVersion);
  const answer = (deskIds: Iterable<string>, teammatesBooked: boolean): NearTeamAnswer => ({
    DeskIds: [...deskIds].sort(), TeammatesBooked: teammatesBooked, InTeam: user.teamIds.length > 0, NamesOnMap: setting, NearDistance: NEAR_TEAM_DISTANCE,
  });
  if (user.teamIds.length === 0 || ctx.layoutId === null || ctx.layoutUpdatedAt === null) return answer([], false);

  const desks = await publishedDesks(deps.pool, ctx.layoutId, ctx.layoutUpdatedAt);
  const { from, to } = siteDays(start, end, ctx.timeZone);
  // Under 'off' nobody's booking counts (the rule says so too); the query is then not worth making.
  const rows = setting === 'off' ? [] : await teammateDesks(deps.pool, floorplanId, from, to, user.teamIds);
  const counted = new Set(rows.filter((r) => countsForNearTeam({
    setting, viewerId: user.id, occupantId: r.user_id, occupantHidesName: r.hide_name_on_map, sharesTeam: true,
  })).map((r) => r.desk_id));
  return answer(nearTeamDesks(desks.values(), counted, user.teamIds), counted.size > 0);
}
