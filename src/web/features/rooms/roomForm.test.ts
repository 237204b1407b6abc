import { describe, expect, it } from 'vitest';
import { adminInputFromDraft, approverInputFromDraft, capacityError, descriptionsAllowed, draftFromRoom, nameError } from './roomForm.js';

const draft = (over: Partial<ReturnType<typeof draftFromRoom>> = {}) => ({ ...draftFromRoom(null), Name: 'Thames', Capacity: '8', ...over });

describe('room editor rules (SPEC 5)', () => {
  it('needs a name', () => {
    expect(nameError(draft({ Name: ' ' }))).toBe('Room Name is mandatory');
  });

  it('takes a whole-number capacity from 1 to 900', () => {
    for (const ok of ['1', '900', ' 12 ']) expect(capacityError(draft({ Capacity: ok }))).toBeNull();
    for (const bad of ['', '0', '901', '2.5', 'ten']) expect(capacityError(draft({ Capacity: bad }))).not.toBeNull();
  });

  it('sends the location only on create, and no constraint when the number is 0', () => {
    expect(adminInputFromDraft(draft(), 7)).toMatchObject({ LocationId: 7, Name: 'Thames', Capacity: 8, RoomType: 0, RoomBookingConstraint: null, RoomCheckIns: null });
    expect(adminInputFromDraft(draft())).not.toHaveProperty('LocationId');
    expect(adminInputFromDraft(draft({ constraint: { Number: 3, Type: 1 } })).RoomBookingConstraint).toEqual({ Number: 3, Type: 1, ResourceType: 1 });
  });

  it('lets an approver change details and approvers only', () => {
    const input = approverInputFromDraft(draft({ room: { restricted: true, users: [{ Id: 3, FullName: 'A', Email: 'a@b.org' }], teams: [] } }));
    expect(Object.keys(input).sort()).toEqual(['Capacity', 'CheckInShowsDescriptions', 'Equipment', 'Name', 'Notes', 'RestrictRoomAccess', 'RoomAdminTeams', 'RoomAdminUsers']);
    expect(input.RoomAdminUsers).toEqual([3]);
  });

  it('sends descriptions on the check-in page only for an open meeting room (issue 18)', () => {
    expect(adminInputFromDraft(draft()).CheckInShowsDescriptions).toBe(false);
    expect(adminInputFromDraft(draft({ showDescriptions: true })).CheckInShowsDescriptions).toBe(true);
    expect(approverInputFromDraft(draft({ showDescriptions: true })).CheckInShowsDescriptions).toBe(true);
    const clinical = draft({ showDescriptions: true, RoomType: '1' });
    const restricted = draft({ showDescriptions: true, room: { restricted: true, users: [], teams: [] } });
    for (const d of [clinical, restricted]) {
      expect(descriptionsAllowed(d)).toBe(false);
      expect(adminInputFromDraft(d).CheckInShowsDescriptions).toBe(false);
      expect(approverInputFromDraft(d).CheckInShowsDescriptions).toBe(false);
    }
  });
});
