import { CONSTRAINT_RESOURCE } from '../../../domain/advanceLimit.js';
import { parseCapacity } from '../../../domain/orgAccess.js';
import { ROOM_CAPACITY, ROOM_TYPE } from '../../../domain/roomTypes.js';
import type { Room, RoomInput } from '../../../domain/wire/rooms.js';
import { draftOf, singleFromDraft, type ConstraintDraft } from '../constraints/constraintDraft.js';
import { choiceOf, settingOf, type CheckInChoice } from '../locations/checkInSetting.js';
import type { RestrictionValue } from '../restrictions/RestrictionSection.js';

export const ROOM_NAME_MANDATORY = 'Room Name is mandatory';
export const CAPACITY_RANGE = `Capacity must be a whole number from ${ROOM_CAPACITY.min} to ${ROOM_CAPACITY.max}`;

export const ROOM_TYPE_OPTIONS = [
  { value: String(ROOM_TYPE.MeetingRoom), label: 'Meeting Room' },
  { value: String(ROOM_TYPE.ClinicalMeetingRoom), label: 'Clinical Meeting Room' },
];
export const roomTypeLabel = (t: number) => ROOM_TYPE_OPTIONS.find((o) => o.value === String(t))?.label ?? 'Unknown';

export interface RoomDraft {
  Name: string;
  RoomType: string;
  Capacity: string;
  Equipment: string;
  Notes: string;
  Hidden: boolean;
  Disabled: boolean;
  checkIns: CheckInChoice;
  /** Meeting descriptions on the check-in page for everyone (issue 18). */
  showDescriptions: boolean;
  room: RestrictionValue;
  constraint: ConstraintDraft;
}

export const draftFromRoom = (r: Room | null): RoomDraft => ({
  Name: r?.Name ?? '',
  RoomType: String(r?.RoomType ?? ROOM_TYPE.MeetingRoom),
  Capacity: r ? String(r.Capacity) : '',
  Equipment: r?.Equipment ?? '',
  Notes: r?.Notes ?? '',
  Hidden: r?.Hidden ?? false,
  Disabled: r?.Disabled ?? false,
  checkIns: choiceOf(r?.RoomCheckInsSetting),
  showDescriptions: r?.CheckInShowsDescriptions ?? false,
  room: { restricted: r?.RestrictRoomAccess ?? false, users: r?.RoomAdminUsers ?? [], teams: r?.RoomAdminTeams ?? [] },
  constraint: draftOf(r?.RoomBookingConstraint),
});

export const nameError = (d: RoomDraft): string | null => (d.Name.trim() === '' ? ROOM_NAME_MANDATORY : null);
/** SPEC 5: capacity is a whole number from 1 to 900 (the domain's rule). */
export const capacityError = (d: RoomDraft): string | null => (parseCapacity(d.Capacity) === null ? CAPACITY_RANGE : null);

const ids = (list: readonly { Id: number }[]) => list.map((x) => x.Id);

/** Clinical and restricted rooms never show meeting descriptions on the check-in page (the server refuses it too). */
export const descriptionsAllowed = (d: RoomDraft): boolean => d.RoomType !== String(ROOM_TYPE.ClinicalMeetingRoom) && !d.room.restricted;
export const DESCRIPTIONS_LABEL = 'Show meeting descriptions on the check-in page';
export const DESCRIPTIONS_HELP =
  "Anyone who opens this room's check-in page (its QR code) sees what each meeting is called. When off, only the meeting's people and this room's admins see it.";
export const DESCRIPTIONS_NOT_ALLOWED =
  "Not available for clinical or restricted rooms: their meeting descriptions are shown only to the meeting's people and this room's admins.";

const descriptionsInput = (d: RoomDraft): RoomInput => ({ CheckInShowsDescriptions: descriptionsAllowed(d) && d.showDescriptions });

const restrictionInput = (d: RoomDraft): RoomInput => ({
  RestrictRoomAccess: d.room.restricted,
  RoomAdminUsers: d.room.restricted ? ids(d.room.users) : [],
  RoomAdminTeams: d.room.restricted ? ids(d.room.teams) : [],
});

/** Everything an admin edits; LocationId only on create (a room is not moved from here). */
export const adminInputFromDraft = (d: RoomDraft, newInLocation?: number): RoomInput => ({
  ...(newInLocation ? { LocationId: newInLocation } : {}),
  Name: d.Name.trim(),
  RoomType: Number(d.RoomType),
  Capacity: parseCapacity(d.Capacity),
  Equipment: d.Equipment.trim(),
  Notes: d.Notes.trim(),
  Hidden: d.Hidden,
  Disabled: d.Disabled,
  RoomCheckIns: settingOf(d.checkIns),
  ...descriptionsInput(d),
  ...restrictionInput(d),
  RoomBookingConstraint: singleFromDraft(d.constraint, CONSTRAINT_RESOURCE.Room),
});

/**
 * What a room approver edits: the room's details, its approvers and whether its check-in page shows descriptions. Fields left out keep their
 * saved values on the server (type, visibility, check-ins and limits stay the admin's).
 */
export const approverInputFromDraft = (d: RoomDraft): RoomInput => ({
  Name: d.Name.trim(),
  Capacity: parseCapacity(d.Capacity),
  Equipment: d.Equipment.trim(),
  Notes: d.Notes.trim(),
  ...descriptionsInput(d),
  ...restrictionInput(d),
});
