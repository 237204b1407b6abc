import type { z } from 'zod';
import type { BookingConstraint } from '../../../domain/advanceLimit.js';
import { ACCESS_TYPE, bypassesRestrictions, nextCheckInSetting } from '../../../domain/orgAccess.js';
import { isAdmin } from '../../../domain/permissions.js';
import type { Location, LocationInput } from '../../../domain/wire/locations.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { deletePlace, inTransaction, placeIsLive, saveAccessList, saveConstraints } from '../orgAccess/orgAccess.repo.js';
import { checkConstraints, checkName, FieldErrors, mergeFlag, mergeText } from '../orgAccess/placeInput.js';
import { recordRestrictions, restrictionsOf } from '../audit/restrictionsAudit.js';
import {
  deskLocationsOfSite, findLocation, insertLocation, locationsOfSite, updateLocation, type LocationValues,
} from './locations.repo.js';

type Input = z.output<typeof LocationInput>;

/** Access lists name people: only admins receive them. */
const presented = (user: SessionUser) => (l: Location): Location =>
  isAdmin(user.caller) ? l : { ...l, RoomAdminUsers: [], RoomAdminTeams: [], DeskAccessUsers: [], DeskAccessTeams: [] };

async function liveSite(deps: AppDeps, siteId: number): Promise<void> {
  if (!(await placeIsLive(deps.pool, 'site', siteId))) throw notFound('The site');
}

/** Locations of a site for room choices: room-restricted ones only for people listed there. */
export async function locationsForRooms(deps: AppDeps, user: SessionUser, siteId: number): Promise<Location[]> {
  await liveSite(deps, siteId);
  return (await locationsOfSite(deps.pool, siteId, user.id, bypassesRestrictions(user.caller))).map(presented(user));
}

/** Locations of a site for desk choices: with a published floorplan, desk restrictions applied. */
export async function locationsForDesks(deps: AppDeps, user: SessionUser, siteId: number): Promise<Location[]> {
  await liveSite(deps, siteId);
  return (await deskLocationsOfSite(deps.pool, siteId, user.id, bypassesRestrictions(user.caller))).map(presented(user));
}

/** The constraint list after the request: the list (if sent), then the single fields over it. */
function requestedConstraints(input: Input, saved: readonly BookingConstraint[], errors: FieldErrors): BookingConstraint[] | undefined {
  if (input.BookingConstraints === undefined && input.RoomBookingConstraint === undefined && input.DeskBookingConstraint === undefined) return undefined;
  let list = input.BookingConstraints === undefined ? [...saved] : checkConstraints(errors, 'BookingConstraints', input.BookingConstraints);
  for (const [field, resourceType] of [['RoomBookingConstraint', 1], ['DeskBookingConstraint', 2]] as const) {
    const single = input[field];
    if (single === undefined) continue;
    list = list.filter((c) => c.ResourceType !== resourceType);
    if (single !== null) list.push({ Number: single.Number, Type: single.Type, ResourceType: resourceType });
  }
  return list;
}

async function saveLocation(deps: AppDeps, target: { siteId: number } | { id: number }, input: Input, admin: SessionUser): Promise<Location> {
  const saved = 'id' in target ? await findLocation(deps.pool, target.id) : undefined;
  if ('id' in target && !saved) throw notFound('The location');
  if ('siteId' in target) await liveSite(deps, target.siteId);
  const errors = new FieldErrors();
  const values: LocationValues = {
    title: mergeText(input.Title, saved?.Title ?? ''),
    buildingNameNo: mergeText(input.BuildingNameNo ?? input.BuildingNo, saved?.BuildingNameNo ?? ''),
    roomCheckIns: saved ? nextCheckInSetting(saved.RoomCheckInsSetting, saved.RoomCheckIns, input.RoomCheckIns) : (input.RoomCheckIns ?? null),
    restrictRoomAccess: mergeFlag(input.RestrictRoomAccess, saved?.RestrictRoomAccess ?? false),
    restrictDeskAccess: mergeFlag(input.RestrictDeskAccess, saved?.RestrictDeskAccess ?? false),
  };
  checkName(errors, 'Title', values.title, 'Title is mandatory');
  const constraints = requestedConstraints(input, saved?.BookingConstraints ?? [], errors);
  errors.throwIfAny();
  const id = await inTransaction(deps.pool, async (client) => {
    let id: number;
    const before = await restrictionsOf(client, 'location', 'id' in target ? target.id : undefined);
    if ('id' in target) {
      if (!(await updateLocation(client, target.id, values))) throw notFound('The location');
      id = target.id;
    } else {
      id = await insertLocation(client, target.siteId, values);
      if (!id) throw notFound('The site');
    }
    await saveAccessList(client, 'location', id, { type: ACCESS_TYPE.RoomAdmin, restricted: values.restrictRoomAccess, userIds: input.RoomAdminUsers, teamIds: input.RoomAdminTeams });
    await saveAccessList(client, 'location', id, { type: ACCESS_TYPE.DeskAccess, restricted: values.restrictDeskAccess, userIds: input.DeskAccessUsers, teamIds: input.DeskAccessTeams });
    if (constraints) await saveConstraints(client, 'location', id, constraints);
    await recordRestrictions(client, admin, 'location', id, before);
    return id;
  });
  return (await findLocation(deps.pool, id))!;
}

export const createLocation = (deps: AppDeps, siteId: number, input: Input, admin: SessionUser) => saveLocation(deps, { siteId }, input, admin);
export const changeLocation = (deps: AppDeps, id: number, input: Input, admin: SessionUser) => saveLocation(deps, { id }, input, admin);
export const removeLocation = (deps: AppDeps, id: number) => deletePlace(deps.pool, 'location', id, deps.now());
