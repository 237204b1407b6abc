import { deskWindowErrors } from '../../../domain/deskCheckIn.js';
import type { DeskQrSheet, LocationDeskCheckIn, LocationDeskCheckInInput, SiteDeskCheckIn } from '../../../domain/wire/deskCheckIn.js';
import type { AppDeps } from '../../deps.js';
import { badInput, notFound } from '../../http/errors.js';
import { publishedDesks } from '../deskBooking/publishedDesks.js';
import { deskPlace, locationDeskRule, saveLocationDeskRule, saveSiteDeskRule, siteDeskRule } from './deskCheckIn.repo.js';

const siteView = (r: { required: boolean; beforeMinutes: number; afterMinutes: number }): SiteDeskCheckIn =>
  ({ Required: r.required, BeforeMinutes: r.beforeMinutes, AfterMinutes: r.afterMinutes });

/** 400 naming each field out of bounds (deskWindowErrors), before anything is saved. */
function assertWindow(before: number, after: number): void {
  const errors = deskWindowErrors(before, after);
  const first = errors.BeforeMinutes ?? errors.AfterMinutes;
  if (first) throw badInput(first, errors as Record<string, string>);
}

export async function siteSetting(deps: AppDeps, siteId: number): Promise<SiteDeskCheckIn> {
  const rule = await siteDeskRule(deps.pool, siteId);
  if (!rule) throw notFound('The site');
  return siteView(rule);
}

export async function changeSiteSetting(deps: AppDeps, siteId: number, input: SiteDeskCheckIn): Promise<SiteDeskCheckIn> {
  assertWindow(input.BeforeMinutes, input.AfterMinutes);
  const saved = await saveSiteDeskRule(deps.pool, siteId, { required: input.Required, beforeMinutes: input.BeforeMinutes, afterMinutes: input.AfterMinutes });
  if (!saved) throw notFound('The site');
  return siteSetting(deps, siteId);
}

export async function locationSetting(deps: AppDeps, locationId: number): Promise<LocationDeskCheckIn> {
  const r = await locationDeskRule(deps.pool, locationId);
  if (!r) throw notFound('The location');
  return { Required: r.required, BeforeMinutes: r.beforeMinutes, AfterMinutes: r.afterMinutes, Site: siteView(r.site) };
}

/** A location overrides the window whole (both numbers) or inherits it (both null). */
export async function changeLocationSetting(deps: AppDeps, locationId: number, input: LocationDeskCheckInInput): Promise<LocationDeskCheckIn> {
  const { BeforeMinutes: before, AfterMinutes: after } = input;
  if ((before === null) !== (after === null)) {
    const message = 'Give both window times to override the site, or neither to use the site\'s window.';
    throw badInput(message, before === null ? { BeforeMinutes: message } : { AfterMinutes: message });
  }
  if (before !== null && after !== null) assertWindow(before, after);
  const saved = await saveLocationDeskRule(deps.pool, locationId, { required: input.Required, beforeMinutes: before, afterMinutes: after });
  if (!saved) throw notFound('The location');
  return locationSetting(deps, locationId);
}

/** The bookable desks of the floorplan's published layout, by name (natural order: Desk 2 before Desk 10). */
export async function deskQrSheet(deps: AppDeps, floorplanId: number): Promise<DeskQrSheet> {
  const place = await deskPlace(deps.pool, floorplanId);
  if (!place) throw notFound('The floorplan');
  const desks = place.layoutId !== null && place.layoutUpdatedAt !== null
    ? [...(await publishedDesks(deps.pool, place.layoutId, place.layoutUpdatedAt)).values()].filter((d) => d.bookable) : [];
  const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  return {
    FloorplanId: place.floorplanId, FloorplanName: place.floorplanName, SiteName: place.siteName, LocationName: place.locationName,
    Desks: desks.map((d) => ({ Id: d.id, Name: d.name })).sort((a, b) => collator.compare(a.Name, b.Name)),
  };
}
