import { initialsOf, occupantNameShown } from '../../../domain/namePrivacy.js';
import type { WhosInResponse, WhosInSite } from '../../../domain/wire/whosIn.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { fieldError } from '../../http/errors.js';
import { namesOnMapSetting } from '../settings/settings.service.js';
import { countRead } from './readLimit.js';
import { placeNames } from './placeNames.js';
import { deskBookingsOfDay } from './whosIn.repo.js';

/** How far back and ahead a day may be asked for: enough for any advance limit in use, not a history. */
export const WHOS_IN_DAYS_BACK = 31;
export const WHOS_IN_DAYS_AHEAD = 366;
/** Reads per person and minute: a person flipping through days stays far below; a script walking a year does not. */
export const WHOS_IN_READS_PER_MINUTE = 60;

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/**
 * GET /api/whos-in: the people visible to the caller (the organisation's names setting, their own
 * choice to hide, shared teams) who have a desk booked on `date`, per site. Names and places only.
 */
export async function whosIn(deps: AppDeps, user: SessionUser, date: string): Promise<WhosInResponse> {
  const today = Math.floor(deps.now().getTime() / DAY_MS);
  const day = dayNumber(date);
  if (day < today - WHOS_IN_DAYS_BACK || day > today + WHOS_IN_DAYS_AHEAD) {
    throw fieldError('date', `Choose a day from ${WHOS_IN_DAYS_BACK} days ago to ${WHOS_IN_DAYS_AHEAD} days ahead.`);
  }
  await countRead(deps.pool, 'whosIn', user.id, WHOS_IN_READS_PER_MINUTE);
  const setting = await namesOnMapSetting(deps.pool, user.configVersion);
  if (setting === 'off' || (setting === 'teammates' && user.teamIds.length === 0)) return { Date: date, NamesOnMap: setting, Sites: [] };

  const [rows, places] = await Promise.all([
    deskBookingsOfDay(deps.pool, date, user.id, user.teamIds, setting), placeNames(deps.pool, user.configVersion),
  ]);
  const sharesTeam = setting === 'teammates'; // those rows were found through the viewer's teams
  const sites = new Map<number, WhosInSite>();
  for (const r of rows) {
    const shown = occupantNameShown({
      setting, viewerId: user.id, occupantId: r.user_id, occupantHidesName: r.hide_name_on_map, sharesTeam,
    });
    if (!shown) continue;
    let site = sites.get(r.site_id);
    if (!site) {
      const s = places.sites.get(r.site_id);
      sites.set(r.site_id, (site = { SiteId: r.site_id, SiteName: s?.title ?? '', TimeZone: s?.timeZone ?? 'UTC', People: [] }));
    }
    site.People.push({
      Name: r.full_name, Initials: initialsOf(r.full_name),
      DeskId: r.desk_id, DeskName: r.desk_name ?? r.desk_id, FloorplanId: r.floorplan_id, FloorplanName: places.floorplans.get(r.floorplan_id) ?? '',
      LocationId: r.location_id, LocationName: places.locations.get(r.location_id) ?? '',
      Start: new Date(r.start_ms).toISOString(), Finish: new Date(r.finish_ms).toISOString(),
    });
  }
  return { Date: date, NamesOnMap: setting, Sites: [...sites.values()] };
}
