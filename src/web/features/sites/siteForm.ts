import { CONSTRAINT_RESOURCE, parseConstraintNumber } from '../../../domain/advanceLimit.js';
import { isValidOptionalEmail } from '../../../domain/email.js';
import type { PersonRef, TeamRef } from '../../../domain/wire/people.js';
import { DEFAULT_DAY_END_MINUTES, DEFAULT_DAY_START_MINUTES, dayHoursError as dayHoursRule, type Site, type SiteInput } from '../../../domain/wire/sites.js';
import { draftFromList, listFromDrafts, type ConstraintDraft } from '../constraints/constraintDraft.js';
import type { RestrictionValue } from '../restrictions/RestrictionSection.js';

/** What the site editor edits. Text stays text (ParkingSpaces too) until it is sent. */
export interface SiteDraft {
  Title: string;
  Address: string;
  PostCode: string;
  Description: string;
  Notes: string;
  /** '' = the organisation's default zone (the server fills it in). */
  TimeZone: string;
  SiteLevelParking: boolean;
  ParkingSpaces: string;
  NotificationEmail: string;
  RoomBookingEnabled: boolean;
  DeskBookingEnabled: boolean;
  WorkWeekOnly: boolean;
  RoomCheckIns: boolean;
  /** Hours the room calendar and the Reception View show (minutes since midnight, half-hour steps). */
  DayStartMinutes: number;
  DayEndMinutes: number;
  room: RestrictionValue;
  desk: RestrictionValue;
  ResourceAdminUsers: PersonRef[];
  ResourceAdminTeams: TeamRef[];
  roomConstraint: ConstraintDraft;
  deskConstraint: ConstraintDraft;
}

export const TITLE_MANDATORY = 'Title is mandatory';
export const INVALID_EMAIL = 'Please enter a valid email';

/** SPEC 5: the map preview shows only when the post code has 6 or more characters. */
export const MAP_PREVIEW_MIN = 6;
export const showsMapPreview = (postCode: string): boolean => postCode.trim().length >= MAP_PREVIEW_MIN;
/** A link, not an embed: the CSP allows no third-party frames or scripts. */
export const mapSearchUrl = (postCode: string): string =>
  `https://www.openstreetmap.org/search?query=${encodeURIComponent(postCode.trim())}`;

/** SPEC 5: parking spaces are an integer; invalid or empty becomes 0 (the domain's rule). */
export const parkingSpacesOf = (text: string): number => parseConstraintNumber(text);

export const titleError = (d: Pick<SiteDraft, 'Title'>): string | null => (d.Title.trim() === '' ? TITLE_MANDATORY : null);
export const emailError = (d: Pick<SiteDraft, 'NotificationEmail'>): string | null =>
  isValidOptionalEmail(d.NotificationEmail) ? null : INVALID_EMAIL;

/** The day hours' message (start before end, whole or half hours), or null. */
export const dayHoursError = (d: Pick<SiteDraft, 'DayStartMinutes' | 'DayEndMinutes'>): string | null =>
  dayHoursRule(d.DayStartMinutes, d.DayEndMinutes)?.message ?? null;

/** Half hours from 00:00 to 24:00 (minutes since midnight): the choices for the day hours. */
export const dayHourChoices = (): number[] => Array.from({ length: 49 }, (_, i) => i * 30);

export function draftFromSite(site: Site | null): SiteDraft {
  return {
    Title: site?.Title ?? '',
    Address: site?.Address ?? '',
    PostCode: site?.PostCode ?? '',
    Description: site?.Description ?? '',
    Notes: site?.Notes ?? '',
    TimeZone: site?.TimeZone ?? '',
    SiteLevelParking: site?.SiteLevelParking ?? false,
    ParkingSpaces: String(site?.ParkingSpaces ?? 0),
    NotificationEmail: site?.NotificationEmail ?? '',
    // New sites take bookings of both kinds, as the server's defaults do.
    RoomBookingEnabled: site?.RoomBookingEnabled ?? true,
    DeskBookingEnabled: site?.DeskBookingEnabled ?? true,
    WorkWeekOnly: site?.WorkWeekOnly ?? false,
    RoomCheckIns: site?.RoomCheckIns ?? false,
    DayStartMinutes: site?.DayStartMinutes ?? DEFAULT_DAY_START_MINUTES,
    DayEndMinutes: site?.DayEndMinutes ?? DEFAULT_DAY_END_MINUTES,
    room: { restricted: site?.RestrictRoomAccess ?? false, users: site?.RoomAdminUsers ?? [], teams: site?.RoomAdminTeams ?? [] },
    desk: { restricted: site?.RestrictDeskAccess ?? false, users: site?.DeskAccessUsers ?? [], teams: site?.DeskAccessTeams ?? [] },
    ResourceAdminUsers: site?.ResourceAdminUsers ?? [],
    ResourceAdminTeams: site?.ResourceAdminTeams ?? [],
    roomConstraint: draftFromList(site?.BookingConstraints ?? [], CONSTRAINT_RESOURCE.Room),
    deskConstraint: draftFromList(site?.BookingConstraints ?? [], CONSTRAINT_RESOURCE.Desk),
  };
}

/**
 * The request body. SPEC 5: an invalid notification e-mail is never sent (the field is left out,
 * so the saved address stays); parking spaces go as an integer (invalid or empty: 0).
 */
export function inputFromDraft(d: SiteDraft): SiteInput {
  const ids = (list: readonly { Id: number }[]) => list.map((x) => x.Id);
  return {
    Title: d.Title.trim(),
    Address: d.Address.trim(),
    PostCode: d.PostCode.trim(),
    Description: d.Description.trim(),
    Notes: d.Notes.trim(),
    ...(d.TimeZone ? { TimeZone: d.TimeZone } : {}),
    SiteLevelParking: d.SiteLevelParking,
    ParkingSpaces: parkingSpacesOf(d.ParkingSpaces),
    ...(emailError(d) === null ? { NotificationEmail: d.NotificationEmail.trim() } : {}),
    RoomBookingEnabled: d.RoomBookingEnabled,
    DeskBookingEnabled: d.DeskBookingEnabled,
    WorkWeekOnly: d.WorkWeekOnly,
    RoomCheckIns: d.RoomCheckIns,
    DayStartMinutes: d.DayStartMinutes,
    DayEndMinutes: d.DayEndMinutes,
    RestrictRoomAccess: d.room.restricted,
    RoomAdminUsers: d.room.restricted ? ids(d.room.users) : [],
    RoomAdminTeams: d.room.restricted ? ids(d.room.teams) : [],
    RestrictDeskAccess: d.desk.restricted,
    DeskAccessUsers: d.desk.restricted ? ids(d.desk.users) : [],
    DeskAccessTeams: d.desk.restricted ? ids(d.desk.teams) : [],
    ResourceAdminUsers: ids(d.ResourceAdminUsers),
    ResourceAdminTeams: ids(d.ResourceAdminTeams),
    BookingConstraints: listFromDrafts(d.roomConstraint, d.deskConstraint),
  };
}
