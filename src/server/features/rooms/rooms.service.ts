import type { z } from 'zod';
import {
  ACCESS_TYPE, bypassesRestrictions, nextCheckInSetting, parseCapacity, parseRoomType, staysRoomAdmin,
} from '../../../domain/orgAccess.js';
import { isAdmin } from '../../../domain/permissions.js';
import { ROOM_TYPE, type Room, type RoomInput } from '../../../domain/wire/rooms.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { fieldError, forbidden, notFound } from '../../http/errors.js';
import { deletePlace, inTransaction, placeIsLive, saveAccessList, saveConstraints } from '../orgAccess/orgAccess.repo.js';
import { recordRestrictions, restrictionsOf } from '../audit/restrictionsAudit.js';
import { checkName, FieldErrors, mergeFlag, mergeText } from '../orgAccess/placeInput.js';
import {
  allRoomsOfLocation, bookableRooms, findRoom, insertRoom, listedAtLocation, roomsAdministeredBy, updateRoom,
  type RoomValues,
} from './rooms.repo.js';

type Input = z.output<typeof RoomInput>;

/** Issue 18: clinical and restricted rooms never show meeting descriptions to people outside the meeting. */
export const NO_PUBLIC_DESCRIPTIONS = 'Meeting descriptions cannot be shown on the check-in page of a clinical or restricted room.';

export const CANNOT_REMOVE_SELF = 'You cannot remove yourself from the approvers of this room. Please contact the system administrator.';

/** Room admin lists name people: admins and the room's own room admins receive them. */
const presented = (user: SessionUser) => (r: Room): Room =>
  isAdmin(user.caller) || r.IsRoomAdmin ? r : { ...r, RoomAdminUsers: [], RoomAdminTeams: [] };

export async function roomInfo(deps: AppDeps, user: SessionUser, id: number): Promise<Room> {
  const room = await findRoom(deps.pool, id, user.id);
  if (!room) throw notFound('The room');
  return presented(user)(room);
}

export async function roomsIncludingDisabled(deps: AppDeps, user: SessionUser, locationId: number): Promise<Room[]> {
  if (!(await placeIsLive(deps.pool, 'location', locationId))) throw notFound('The location');
  return allRoomsOfLocation(deps.pool, locationId, user.id);
}

export async function roomsToBook(deps: AppDeps, user: SessionUser, where: { locationId: number } | { siteId: number }, roomType: number): Promise<Room[]> {
  const live = 'locationId' in where ? await placeIsLive(deps.pool, 'location', where.locationId) : await placeIsLive(deps.pool, 'site', where.siteId);
  if (!live) throw notFound('locationId' in where ? 'The location' : 'The site');
  return (await bookableRooms(deps.pool, where, roomType, user.id, bypassesRestrictions(user.caller))).map(presented(user));
}

export const roomsIApprove = (deps: AppDeps, user: SessionUser): Promise<Room[]> => roomsAdministeredBy(deps.pool, user.id);

const ids = (list: readonly { Id: number }[]) => list.map((x) => x.Id);

function checkedValues(input: Input, saved: Room | undefined, locationId: number): RoomValues {
  const errors = new FieldErrors();
  const name = mergeText(input.Name, saved?.Name ?? '');
  checkName(errors, 'Name', name, 'Room Name is mandatory');
  const roomType = input.RoomType === undefined ? (saved?.RoomType ?? 0) : parseRoomType(input.RoomType);
  if (roomType === null) errors.add('RoomType', 'Select a room type');
  const capacity = input.Capacity === undefined && saved ? saved.Capacity : parseCapacity(input.Capacity);
  if (capacity === null) errors.add('Capacity', 'Capacity must be a whole number from 1 to 900');
  const restrictRoomAccess = mergeFlag(input.RestrictRoomAccess, saved?.RestrictRoomAccess ?? false);
  // Asking for descriptions in a clinical or restricted room is refused; a room that becomes one loses the setting.
  const privateRoom = roomType === ROOM_TYPE.ClinicalMeetingRoom || restrictRoomAccess;
  if (privateRoom && input.CheckInShowsDescriptions === true) errors.add('CheckInShowsDescriptions', NO_PUBLIC_DESCRIPTIONS);
  errors.throwIfAny();
  return {
    locationId,
    name,
    roomType: roomType!,
    capacity: capacity!,
    equipment: mergeText(input.Equipment, saved?.Equipment ?? ''),
    notes: mergeText(input.Notes, saved?.Notes ?? ''),
    hidden: mergeFlag(input.Hidden, saved?.Hidden ?? false),
    disabled: mergeFlag(input.Disabled, saved?.Disabled ?? false),
    restrictRoomAccess,
    checkInShowsDescriptions: !privateRoom && mergeFlag(input.CheckInShowsDescriptions, saved?.CheckInShowsDescriptions ?? false),
    roomCheckIns: saved ? nextCheckInSetting(saved.RoomCheckInsSetting, saved.RoomCheckIns, input.RoomCheckIns) : (input.RoomCheckIns ?? null),
  };
}

async function persist(deps: AppDeps, id: number | undefined, values: RoomValues, input: Input, user: SessionUser): Promise<number> {
  return inTransaction(deps.pool, async (client) => {
    const before = await restrictionsOf(client, 'room', id);
    const roomId = id ?? (await insertRoom(client, values));
    if (id !== undefined && !(await updateRoom(client, id, values))) throw notFound('The room');
    await saveAccessList(client, 'room', roomId, { type: ACCESS_TYPE.RoomAdmin, restricted: values.restrictRoomAccess, userIds: input.RoomAdminUsers, teamIds: input.RoomAdminTeams });
    if (input.RoomBookingConstraint !== undefined) {
      const c = input.RoomBookingConstraint;
      await saveConstraints(client, 'room', roomId, c === null ? [] : [{ Number: c.Number, Type: c.Type, ResourceType: 1 }]);
    }
    await recordRestrictions(client, user, 'room', roomId, before);
    return roomId;
  });
}

export async function createRoom(deps: AppDeps, user: SessionUser, input: Input): Promise<Room> {
  if (input.LocationId === undefined) throw fieldError('LocationId', 'Select a location');
  if (!(await placeIsLive(deps.pool, 'location', input.LocationId))) throw notFound('The location');
  const id = await persist(deps, undefined, checkedValues(input, undefined, input.LocationId), input, user);
  return (await findRoom(deps.pool, id, user.id))!;
}

/**
 * Admins change any room. A room admin of this room (a room approver) changes its details and its
 * own room-level restriction, but cannot move it nor leave themselves without approval rights.
 */
export async function changeRoom(deps: AppDeps, user: SessionUser, id: number, input: Input): Promise<Room> {
  const saved = await findRoom(deps.pool, id, user.id);
  const admin = isAdmin(user.caller);
  if (!saved) throw admin ? notFound('The room') : forbidden();
  if (!admin && !saved.IsRoomAdmin) throw forbidden();
  const locationId = input.LocationId ?? saved.LocationId;
  if (locationId !== saved.LocationId) {
    if (!admin) throw forbidden('Only an administrator can move a room to another location.');
    if (!(await placeIsLive(deps.pool, 'location', locationId))) throw notFound('The location');
  }
  const values = checkedValues(input, saved, locationId);
  if (!admin) {
    const stays = staysRoomAdmin({
      listedAtLocation: await listedAtLocation(deps.pool, locationId, user.id),
      roomRestricted: values.restrictRoomAccess,
      roomUserIds: input.RoomAdminUsers ?? ids(saved.RoomAdminUsers),
      roomTeamIds: input.RoomAdminTeams ?? ids(saved.RoomAdminTeams),
    }, user);
    if (!stays) throw forbidden(CANNOT_REMOVE_SELF);
  }
  await persist(deps, id, values, input, user);
  return (await findRoom(deps.pool, id, user.id))!;
}

export const removeRoom = (deps: AppDeps, id: number) => deletePlace(deps.pool, 'room', id, deps.now());

