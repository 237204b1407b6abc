import { describe, expect, it } from 'vitest';
import { CONSTRAINT_TYPE, type BookingConstraint } from './advanceLimit.js';
import {
  bypassesRestrictions, canSearchPeople, deletionRefusal, isLongEnoughSearch, keptAccessList, nextCheckInSetting, parseCapacity,
  parseRoomType, parseTagKind, passesRestrictions, resolveRoomConstraint, staysRoomAdmin,
} from './orgAccess.js';
import type { Caller } from './permissions.js';

const caller = (o: Partial<Caller> = {}): Caller => ({ roles: [], roomApprover: false, siteLvlAdmin: false, ...o });
const room = (Number: number): BookingConstraint => ({ Number, ResourceType: 1, Type: CONSTRAINT_TYPE.Week });

describe('passesRestrictions', () => {
  it('lets anyone through unrestricted levels', () => {
    expect(passesRestrictions([{ restricted: false, listed: false }, { restricted: false, listed: false }], false)).toBe(true);
    expect(passesRestrictions([], false)).toBe(true);
  });
  it('needs a listing at every restricted level', () => {
    expect(passesRestrictions([{ restricted: true, listed: true }, { restricted: false, listed: false }], false)).toBe(true);
    expect(passesRestrictions([{ restricted: true, listed: true }, { restricted: true, listed: false }], false)).toBe(false);
    expect(passesRestrictions([{ restricted: true, listed: false }, { restricted: false, listed: false }], false)).toBe(false);
  });
  it('bypass wins', () => {
    expect(passesRestrictions([{ restricted: true, listed: false }], true)).toBe(true);
  });
});

describe('bypassesRestrictions', () => {
  it('is for admins and the Not Restricted role', () => {
    expect(bypassesRestrictions(caller({ roles: ['Admin'] }))).toBe(true);
    expect(bypassesRestrictions(caller({ roles: ['Not Restricted'] }))).toBe(true);
    expect(bypassesRestrictions(caller({ roles: ['Reporting', 'Booking Manager'], roomApprover: true, siteLvlAdmin: true }))).toBe(false);
  });
});

describe('keptAccessList', () => {
  it('keeps the list only while restricted, as a copy', () => {
    const list = [1, 2];
    const kept = keptAccessList(true, list);
    expect(kept).toEqual([1, 2]);
    expect(kept).not.toBe(list);
    expect(keptAccessList(false, list)).toEqual([]);
  });
});

describe('resolveRoomConstraint', () => {
  it('room, else location, else site, else global', () => {
    expect(resolveRoomConstraint({ room: room(1), location: room(2), site: room(3), global: room(4) })).toEqual(room(1));
    expect(resolveRoomConstraint({ room: room(0), location: room(2), site: room(3), global: room(4) })).toEqual(room(2));
    expect(resolveRoomConstraint({ room: null, location: null, site: room(3), global: room(4) })).toEqual(room(3));
    expect(resolveRoomConstraint({ global: room(4) })).toEqual(room(4));
  });
  it('is null when nothing is set (Number 0 everywhere means no limit)', () => {
    expect(resolveRoomConstraint({ room: room(0), location: room(0), site: room(0), global: room(0) })).toBeNull();
  });
});

describe('nextCheckInSetting', () => {
  it('keeps the saved setting when nothing or the effective value is sent', () => {
    expect(nextCheckInSetting(null, true, undefined)).toBeNull();
    expect(nextCheckInSetting(null, true, true)).toBeNull();
    expect(nextCheckInSetting(false, false, false)).toBe(false);
  });
  it('saves a different value, and null to inherit again', () => {
    expect(nextCheckInSetting(null, true, false)).toBe(false);
    expect(nextCheckInSetting(true, true, null)).toBeNull();
  });
});

describe('deletionRefusal', () => {
  it('allows deletion without active future bookings', () => {
    expect(deletionRefusal('site', 0)).toBeNull();
  });
  it('names the place and the count, singular and plural', () => {
    expect(deletionRefusal('room', 1)).toBe('This room cannot be deleted: it has 1 active future booking. Cancel it first.');
    expect(deletionRefusal('location', 4)).toBe('This location cannot be deleted: it has 4 active future bookings. Cancel them first.');
  });
});

describe('parseTagKind', () => {
  it.each([['user', 1], ['Desk', 2], [' room ', 3], ['LOCATION', 4], ['site', 5], ['1', 1], ['5', 5]])('%j -> %j', (kind, n) => {
    expect(parseTagKind(kind)).toBe(n);
  });
  it.each([['0'], ['6'], ['12'], ['floor'], [''], ['3.0']])('%j -> null', (kind) => {
    expect(parseTagKind(kind)).toBeNull();
  });
});

describe('parseCapacity', () => {
  it.each([[1, 1], [900, 900], ['12', 12], [' 7 ', 7]])('%j -> %j', (v, n) => expect(parseCapacity(v)).toBe(n));
  it.each([[0], [901], [1.5], [-3], ['abc'], [''], ['1e2'], [null], [undefined], [true]])('%j is refused', (v) => expect(parseCapacity(v)).toBeNull());
});

describe('parseRoomType', () => {
  it.each([[0, 0], [1, 1], ['1', 1]])('%j -> %j', (v, n) => expect(parseRoomType(v)).toBe(n));
  it.each([[2], [-1], ['x'], [null], [0.5]])('%j is refused', (v) => expect(parseRoomType(v)).toBeNull());
});

describe('staysRoomAdmin', () => {
  const me = { id: 7, teamIds: [3] };
  it('through the location, whatever the room lists', () => {
    expect(staysRoomAdmin({ listedAtLocation: true, roomRestricted: false, roomUserIds: [], roomTeamIds: [] }, me)).toBe(true);
  });
  it('through the room lists while the room is restricted', () => {
    expect(staysRoomAdmin({ listedAtLocation: false, roomRestricted: true, roomUserIds: [7], roomTeamIds: [] }, me)).toBe(true);
    expect(staysRoomAdmin({ listedAtLocation: false, roomRestricted: true, roomUserIds: [], roomTeamIds: [3] }, me)).toBe(true);
  });
  it('not when removed from the lists or when the restriction is lifted', () => {
    expect(staysRoomAdmin({ listedAtLocation: false, roomRestricted: true, roomUserIds: [8], roomTeamIds: [4] }, me)).toBe(false);
    expect(staysRoomAdmin({ listedAtLocation: false, roomRestricted: false, roomUserIds: [7], roomTeamIds: [3] }, me)).toBe(false);
  });
});

describe('people search', () => {
  it('needs 3 characters after trimming', () => {
    expect(isLongEnoughSearch('abc')).toBe(true);
    expect(isLongEnoughSearch(' ab ')).toBe(false);
  });
  it('is for admins, room approvers and booking managers', () => {
    expect(canSearchPeople(caller({ roles: ['Admin'] }))).toBe(true);
    expect(canSearchPeople(caller({ roomApprover: true }))).toBe(true);
    expect(canSearchPeople(caller({ roles: ['Booking Manager'] }))).toBe(true);
    expect(canSearchPeople(caller({ roles: ['Reporting'], siteLvlAdmin: true }))).toBe(false);
  });
});
