import { CONSTRAINT_RESOURCE } from '../../../domain/advanceLimit.js';
import type { Location, LocationInput } from '../../../domain/wire/locations.js';
import { draftFromList, listFromDrafts, type ConstraintDraft } from '../constraints/constraintDraft.js';
import type { RestrictionValue } from '../restrictions/RestrictionSection.js';
import { choiceOf, settingOf, type CheckInChoice } from './checkInSetting.js';

export const LOCATION_TITLE_MANDATORY = 'Title is mandatory';

export interface LocationDraft {
  Title: string;
  BuildingNameNo: string;
  checkIns: CheckInChoice;
  room: RestrictionValue;
  desk: RestrictionValue;
  roomConstraint: ConstraintDraft;
  deskConstraint: ConstraintDraft;
}

export const draftFromLocation = (l: Location | null): LocationDraft => ({
  Title: l?.Title ?? '',
  BuildingNameNo: l?.BuildingNameNo ?? '',
  checkIns: choiceOf(l?.RoomCheckInsSetting),
  room: { restricted: l?.RestrictRoomAccess ?? false, users: l?.RoomAdminUsers ?? [], teams: l?.RoomAdminTeams ?? [] },
  desk: { restricted: l?.RestrictDeskAccess ?? false, users: l?.DeskAccessUsers ?? [], teams: l?.DeskAccessTeams ?? [] },
  roomConstraint: draftFromList(l?.BookingConstraints ?? [], CONSTRAINT_RESOURCE.Room),
  deskConstraint: draftFromList(l?.BookingConstraints ?? [], CONSTRAINT_RESOURCE.Desk),
});

export const locationTitleError = (d: LocationDraft): string | null => (d.Title.trim() === '' ? LOCATION_TITLE_MANDATORY : null);

export function inputFromLocationDraft(d: LocationDraft): LocationInput {
  const ids = (list: readonly { Id: number }[]) => list.map((x) => x.Id);
  return {
    Title: d.Title.trim(),
    BuildingNameNo: d.BuildingNameNo.trim(),
    RoomCheckIns: settingOf(d.checkIns),
    RestrictRoomAccess: d.room.restricted,
    RoomAdminUsers: d.room.restricted ? ids(d.room.users) : [],
    RoomAdminTeams: d.room.restricted ? ids(d.room.teams) : [],
    RestrictDeskAccess: d.desk.restricted,
    DeskAccessUsers: d.desk.restricted ? ids(d.desk.users) : [],
    DeskAccessTeams: d.desk.restricted ? ids(d.desk.teams) : [],
    BookingConstraints: listFromDrafts(d.roomConstraint, d.deskConstraint),
  };
}
