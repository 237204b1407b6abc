import { describe, expect, it } from 'vitest';
import { draftFromSite, emailError, inputFromDraft, mapSearchUrl, parkingSpacesOf, showsMapPreview, titleError } from './siteForm.js';

const draft = (over: Partial<ReturnType<typeof draftFromSite>> = {}) => ({ ...draftFromSite(null), Title: 'HQ', ...over });

describe('site editor rules (SPEC 5)', () => {
  it('needs a title', () => {
    expect(titleError(draft({ Title: '  ' }))).toBe('Title is mandatory');
    expect(titleError(draft())).toBeNull();
  });

  it('shows the map preview from 6 characters of post code', () => {
    expect(showsMapPreview('EC1A 1')).toBe(true);
    expect(showsMapPreview('EC1A ')).toBe(false);
    expect(showsMapPreview(' 10001 ')).toBe(false);
    expect(mapSearchUrl('EC1A 1BB')).toBe('https://www.openstreetmap.org/search?query=EC1A%201BB');
  });

  it('turns invalid or empty parking spaces into 0', () => {
    expect(parkingSpacesOf('12')).toBe(12);
    expect(parkingSpacesOf('')).toBe(0);
    expect(parkingSpacesOf('2.5')).toBe(0);
    expect(parkingSpacesOf('-3')).toBe(0);
    expect(inputFromDraft(draft({ ParkingSpaces: 'lots' })).ParkingSpaces).toBe(0);
  });

  it('never sends an invalid notification e-mail, and allows an empty one', () => {
    expect(emailError(draft({ NotificationEmail: 'not-an-email' }))).toBe('Please enter a valid email');
    expect(inputFromDraft(draft({ NotificationEmail: 'not-an-email' }))).not.toHaveProperty('NotificationEmail');
    expect(inputFromDraft(draft({ NotificationEmail: '' })).NotificationEmail).toBe('');
    expect(inputFromDraft(draft({ NotificationEmail: ' a@b.org ' })).NotificationEmail).toBe('a@b.org');
  });

  it('sends no access list for a restriction that is off, and only set constraints', () => {
    const input = inputFromDraft(draft({
      room: { restricted: false, users: [{ Id: 4, FullName: 'A', Email: 'a@b.org' }], teams: [] },
      desk: { restricted: true, users: [{ Id: 5, FullName: 'B', Email: 'b@b.org' }], teams: [{ Id: 2, Name: 'HR' }] },
      roomConstraint: { Number: 2, Type: 1 },
    }));
    expect(input.RoomAdminUsers).toEqual([]);
    expect(input.DeskAccessUsers).toEqual([5]);
    expect(input.DeskAccessTeams).toEqual([2]);
    expect(input.BookingConstraints).toEqual([{ Number: 2, Type: 1, ResourceType: 1 }]);
  });

  it('leaves the time zone to the server when none is chosen', () => {
    expect(inputFromDraft(draft())).not.toHaveProperty('TimeZone');
    expect(inputFromDraft(draft({ TimeZone: 'Europe/London' })).TimeZone).toBe('Europe/London');
  });
});
