import { occupantNameShown } from '../../../domain/namePrivacy.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { fieldError } from '../../http/errors.js';
import { namesOnMapSetting } from '../settings/settings.service.js';
import { countRead } from '../../http/perPersonLimit.js';
import { placeNames, type PlaceNames } from './placeNames.js';
import { whosInJson, type VisibleDay } from './whosIn.json.js';
import { deskBookingsOfDay, type DayDeskRow } from './whosIn.repo.js';

/** How far back and ahead a day may be asked for: enough for any advance limit in use, not a history. */
export const WHOS_IN_DAYS_BACK = 31;
export const WHOS_IN_DAYS_AHEAD = 366;
/** Reads per person and minute: a person flipping through days stays far below; a script walking a year does not. */
export const WHOS_IN_READS_PER_MINUTE = 60;

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const NO_PLACES: PlaceNames = { sites: new Map(), locations: new Map(), floorplans: new Map() };

/**
 * The people visible to the caller (the organisation's names setting, their own choice to hide, shared
 * teams) who have a desk booked on `date`, per site in the answer's order (sites by title, people by name).
 */
export async function visibleDay(deps: AppDeps, user: SessionUser, date: string): Promise<VisibleDay> {
  const today = Math.floor(deps.now().getTime() / DAY_MS);
  const day = dayNumber(date);
  if (day < today - WHOS_IN_DAYS_BACK || day > today + WHOS_IN_DAYS_AHEAD) {
    throw fieldError('date', `Choose a day from ${WHOS_IN_DAYS_BACK} days ago to ${WHOS_IN_DAYS_AHEAD} days ahead.`);
  }
  await countRead(deps.pool, 'whosIn', user.id, WHOS_IN_READS_PER_MINUTE);
  const setting = await namesOnMapSetting(deps.pool, user.configVersion);
  if (setting === 'off' || (setting === 'teammates' && user.teamIds.length === 0)) return { date, setting, sites: [], places: NO_PLACES };

  const [rows, places] = await Promise.all([
    deskBookingsOfDay(deps.pool, date, user.id, user.teamIds, setting), placeNames(deps.pool, user.configVersion),
  ]);
  const sharesTeam = setting === 'teammates'; // those rows were found through the viewer's teams
  const sites = new Map<number, DayDeskRow[]>(); // rows come ordered by site, then name
  for (const r of rows) {
    const shown = occupantNameShown({
      setting, viewerId: user.id, occupantId: r.user_id, occupantHidesName: r.hide_name_on_map, sharesTeam,
    });
    if (!shown) continue;
    const people = sites.get(r.site_id);
    if (people) people.push(r);
    else sites.set(r.site_id, [r]);
  }
  return { date, setting, sites: [...sites].map(([siteId, siteRows]) => ({ siteId, rows: siteRows })), places };
}

/**
 * GET /api/whos-in: the day's visible people as the response's JSON text (whosIn.json.ts). Names and
 * places only: no e-mail, no user id.
 */
export async function whosIn(deps: AppDeps, user: SessionUser, date: string): Promise<string> {
  return whosInJson(await visibleDay(deps, user, date));
}
