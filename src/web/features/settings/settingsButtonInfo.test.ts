import { describe, expect, it } from 'vitest';
import { settingsSummary } from './settingsButtonInfo.js';

describe('settingsSummary', () => {
  it('names only what the panel holds for the person', () => {
    expect(settingsSummary(['manageDeskBookings'])).toBe('Desk bookings.');
    expect(settingsSummary(['reporting', 'manageDeskBookings'])).toBe('Reports and desk bookings.');
    expect(settingsSummary(['configureSites', 'userManagement', 'globalSettings', 'reporting']))
      .toBe('Sites, floors and rooms, people and roles, global settings and reports.');
  });

  it('says so when there is nothing', () => {
    expect(settingsSummary([])).toBe('Nothing to change for your account.');
  });
});
