import { describe, expect, it } from 'vitest';
import { dayHourChoices, dayHoursError, draftFromSite, emailError, inputFromDraft, mapSearchUrl, parkingSpacesOf, showsMapPreview, titleError } from './siteForm.js';

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

describe('calendar day hours (issue 20)', () => {
  it('default to 07:00–20:00 and are sent as minutes', () => {
    expect(inputFromDraft(draft())).toMatchObject({ DayStartMinutes: 420, DayEndMinutes: 1200 });
  });
  it('must end after they start, in whole or half hours', () => {
    expect(dayHoursError(draft())).toBeNull();
    expect(dayHoursError(draft({ DayStartMinutes: 600, DayEndMinutes: 600 }))).toBe('The day must end after it starts');
    expect(dayHoursError(draft({ DayStartMinutes: 615 }))).toBe('Day hours must be whole or half hours');
  });
  it('offer every half hour of the day', () => {
    const choices = dayHourChoices();
    expect([choices.length, choices[0], choices[1], choices.at(-1)]).toEqual([49, 0, 30, 1440]);
  });
});
