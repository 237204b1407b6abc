import { describe, expect, it } from 'vitest';
import { canAccessRestricted, canBookDesk, DESK_NOT_BOOKABLE, DESK_RESERVED_FOR_TEAM } from './deskRules.js';

const now = new Date('2025-03-10T09:00:00Z');
const H48 = 48 * 60 * 60 * 1000;
const teamDesk = { bookable: true, assignedTeams: [7] };

describe('canBookDesk', () => {
  it('refuses a non-bookable desk, whoever and whenever', () => {
    expect(canBookDesk({ desk: { bookable: false, assignedTeams: [] }, start: now, now, userTeamIds: [] })).toEqual({
      ok: false,
      reason: DESK_NOT_BOOKABLE,
    });
    expect(
      canBookDesk({ desk: { bookable: false, assignedTeams: [7] }, start: now, now, userTeamIds: [7] }).ok,
    ).toBe(false);
  });
  it('exactly 48 hours ahead: anyone may book a team desk', () => {
    expect(canBookDesk({ desk: teamDesk, start: new Date(now.getTime() + H48), now, userTeamIds: [] })).toEqual({
      ok: true,
    });
  });
  it('48 hours + 1 ms ahead: only team members', () => {
    const start = new Date(now.getTime() + H48 + 1);
    expect(canBookDesk({ desk: teamDesk, start, now, userTeamIds: [] })).toEqual({
      ok: false,
      reason: DESK_RESERVED_FOR_TEAM,
    });
    expect(canBookDesk({ desk: teamDesk, start, now, userTeamIds: [3] }).ok).toBe(false);
    expect(canBookDesk({ desk: teamDesk, start, now, userTeamIds: [3, 7] })).toEqual({ ok: true });
  });
  it('a desk without assigned team is open to all, however far ahead', () => {
    const start = new Date(now.getTime() + 365 * 24 * 3600 * 1000);
    expect(canBookDesk({ desk: { bookable: true, assignedTeams: [] }, start, now, userTeamIds: [] })).toEqual({
      ok: true,
    });
  });
  it('a start in the past or now is not a team question', () => {
    expect(canBookDesk({ desk: teamDesk, start: now, now, userTeamIds: [] }).ok).toBe(true);
  });
});

describe('canAccessRestricted', () => {
  const base = { userId: 5, userTeamIds: [1, 2], allowedUserIds: [] as number[], allowedTeamIds: [] as number[] };
  it('no restriction lets everyone in', () => {
    expect(canAccessRestricted({ ...base, restricted: false })).toBe(true);
  });
  it('restricted with empty lists lets nobody in', () => {
    expect(canAccessRestricted({ ...base, restricted: true })).toBe(false);
  });
  it('named user gets in', () => {
    expect(canAccessRestricted({ ...base, restricted: true, allowedUserIds: [9, 5] })).toBe(true);
    expect(canAccessRestricted({ ...base, restricted: true, allowedUserIds: [9] })).toBe(false);
  });
  it('member of a named team gets in', () => {
    expect(canAccessRestricted({ ...base, restricted: true, allowedTeamIds: [2] })).toBe(true);
    expect(canAccessRestricted({ ...base, restricted: true, allowedTeamIds: [3] })).toBe(false);
    expect(canAccessRestricted({ ...base, userTeamIds: [], restricted: true, allowedTeamIds: [3] })).toBe(false);
  });
  it('works with string user ids', () => {
    expect(
      canAccessRestricted({ restricted: true, userId: 'u-1', userTeamIds: [], allowedUserIds: ['u-1'], allowedTeamIds: [] }),
    ).toBe(true);
  });
});
