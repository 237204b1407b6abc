import type { z } from 'zod';
import { parseConstraintNumber } from '../../../domain/advanceLimit.js';
import { isValidOptionalEmail } from '../../../domain/email.js';
import { ACCESS_TYPE, bypassesRestrictions } from '../../../domain/orgAccess.js';
import { isAdmin } from '../../../domain/permissions.js';
import {
  DEFAULT_DAY_END_MINUTES, DEFAULT_DAY_START_MINUTES, dayHoursError, type MySite, type Site, type SiteInput, type SiteSummary,
} from '../../../domain/wire/sites.js';
import type { SessionUser } from '../../auth/sessions.js';
import { isValidTimeZone } from '../../config.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { deletePlace, inTransaction, saveAccessList, saveConstraints } from '../orgAccess/orgAccess.repo.js';
import { checkConstraints, checkName, FieldErrors, mergeFlag, mergeText } from '../orgAccess/placeInput.js';
import { recordRestrictions, restrictionsOf } from '../audit/restrictionsAudit.js';
import {
  findSite, insertSite, listSites, mySites, sitesWithDesks, sitesWithRooms, updateSite, type SiteValues,
} from './sites.repo.js';

type Input = z.output<typeof SiteInput>;

export const allSites = (deps: AppDeps): Promise<SiteSummary[]> => listSites(deps.pool);

export const sitesForRoomType = (deps: AppDeps, user: SessionUser, roomType: number): Promise<SiteSummary[]> =>
  sitesWithRooms(deps.pool, roomType, user.id, bypassesRestrictions(user.caller));

export const sitesForDesks = (deps: AppDeps, user: SessionUser): Promise<SiteSummary[]> =>
  sitesWithDesks(deps.pool, user.id, bypassesRestrictions(user.caller));

export const sitesIAdminister = (deps: AppDeps, user: SessionUser): Promise<MySite[]> =>
  mySites(deps.pool, user.id, isAdmin(user.caller));

const noLists = () => ({
  ResourceAdminUsers: [], ResourceAdminTeams: [], RoomAdminUsers: [], RoomAdminTeams: [], DeskAccessUsers: [], DeskAccessTeams: [],
});

/** One site. Its access lists name people, so only admins receive them. */
export async function siteFor(deps: AppDeps, user: SessionUser, id: number): Promise<Site> {
  const site = await findSite(deps.pool, id);
  if (!site) throw notFound('The site');
  return isAdmin(user.caller) ? site : { ...site, ...noLists() };
}

const DEFAULTS = (timeZone: string): SiteValues => ({
  title: '', address: '', description: '', postCode: '', timeZone, siteLevelParking: false, parkingSpaces: 0, notes: '',
  notificationEmail: '', roomBookingEnabled: true, deskBookingEnabled: true, workWeekOnly: false, restrictRoomAccess: false,
  restrictDeskAccess: false, roomCheckIns: false, dayStartMinutes: DEFAULT_DAY_START_MINUTES, dayEndMinutes: DEFAULT_DAY_END_MINUTES,
});

const savedValues = (s: Site): SiteValues => ({
  title: s.Title, address: s.Address, description: s.Description, postCode: s.PostCode, timeZone: s.TimeZone,
  siteLevelParking: s.SiteLevelParking, parkingSpaces: s.ParkingSpaces, notes: s.Notes, notificationEmail: s.NotificationEmail,
  roomBookingEnabled: s.RoomBookingEnabled, deskBookingEnabled: s.DeskBookingEnabled, workWeekOnly: s.WorkWeekOnly,
  restrictRoomAccess: s.RestrictRoomAccess, restrictDeskAccess: s.RestrictDeskAccess, roomCheckIns: s.RoomCheckIns,
  dayStartMinutes: s.DayStartMinutes, dayEndMinutes: s.DayEndMinutes,
});

/** Merges the request over the saved (or default) values and checks SPEC 5's site rules. */
function checkedValues(input: Input, saved: SiteValues, defaultTimeZone: string) {
  const errors = new FieldErrors();
  const timeZone = mergeText(input.TimeZone, saved.timeZone) || defaultTimeZone;
  const notificationEmail = mergeText(input.NotificationEmail, saved.notificationEmail);
  const v: SiteValues = {
    title: mergeText(input.Title, saved.title),
    address: mergeText(input.Address, saved.address),
    description: mergeText(input.Description, saved.description),
    postCode: mergeText(input.PostCode, saved.postCode),
    timeZone,
    siteLevelParking: mergeFlag(input.SiteLevelParking, saved.siteLevelParking),
    // SPEC 5: an integer; invalid or empty becomes 0.
    parkingSpaces: input.ParkingSpaces === undefined ? saved.parkingSpaces : parseConstraintNumber(input.ParkingSpaces),
    notes: mergeText(input.Notes, saved.notes),
    notificationEmail,
    roomBookingEnabled: mergeFlag(input.RoomBookingEnabled, saved.roomBookingEnabled),
    deskBookingEnabled: mergeFlag(input.DeskBookingEnabled, saved.deskBookingEnabled),
    workWeekOnly: mergeFlag(input.WorkWeekOnly, saved.workWeekOnly),
    restrictRoomAccess: mergeFlag(input.RestrictRoomAccess, saved.restrictRoomAccess),
    restrictDeskAccess: mergeFlag(input.RestrictDeskAccess, saved.restrictDeskAccess),
    roomCheckIns: mergeFlag(input.RoomCheckIns, saved.roomCheckIns),
    dayStartMinutes: input.DayStartMinutes ?? saved.dayStartMinutes,
    dayEndMinutes: input.DayEndMinutes ?? saved.dayEndMinutes,
  };
  checkName(errors, 'Title', v.title, 'Title is mandatory');
  if (!isValidOptionalEmail(notificationEmail)) errors.add('NotificationEmail', 'Please enter a valid email');
  if (!isValidTimeZone(timeZone)) errors.add('TimeZone', 'Please choose a valid time zone');
  const hours = dayHoursError(v.dayStartMinutes, v.dayEndMinutes);
  if (hours) errors.add(hours.field, hours.message);
  const constraints = input.BookingConstraints === undefined ? undefined : checkConstraints(errors, 'BookingConstraints', input.BookingConstraints);
  errors.throwIfAny();
  return { values: v, constraints };
}

async function saveSite(deps: AppDeps, id: number | undefined, input: Input, admin: SessionUser): Promise<Site> {
  const saved = id === undefined ? DEFAULTS(deps.config.defaultTimeZone) : await findSite(deps.pool, id).then((s) => (s ? savedValues(s) : undefined));
  if (!saved) throw notFound('The site');
  const { values, constraints } = checkedValues(input, saved, deps.config.defaultTimeZone);
  const siteId = await inTransaction(deps.pool, async (client) => {
    const before = await restrictionsOf(client, 'site', id);
    const siteId = id ?? (await insertSite(client, values));
    if (id !== undefined && !(await updateSite(client, id, values))) throw notFound('The site');
    await saveAccessList(client, 'site', siteId, { type: ACCESS_TYPE.ResourceAdmin, restricted: true, userIds: input.ResourceAdminUsers, teamIds: input.ResourceAdminTeams });
    await saveAccessList(client, 'site', siteId, { type: ACCESS_TYPE.RoomAdmin, restricted: values.restrictRoomAccess, userIds: input.RoomAdminUsers, teamIds: input.RoomAdminTeams });
    await saveAccessList(client, 'site', siteId, { type: ACCESS_TYPE.DeskAccess, restricted: values.restrictDeskAccess, userIds: input.DeskAccessUsers, teamIds: input.DeskAccessTeams });
    if (constraints) await saveConstraints(client, 'site', siteId, constraints);
    await recordRestrictions(client, admin, 'site', siteId, before);
    return siteId;
  });
  return (await findSite(deps.pool, siteId))!;
}

export const createSite = (deps: AppDeps, input: Input, admin: SessionUser) => saveSite(deps, undefined, input, admin);
export const changeSite = (deps: AppDeps, id: number, input: Input, admin: SessionUser) => saveSite(deps, id, input, admin);
export const removeSite = (deps: AppDeps, id: number) => deletePlace(deps.pool, 'site', id, deps.now());
