import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupKey, planGroupSync, readGroupsClaim, type GroupsClaim, type GroupSyncState, type LinkedTeam, type RoleGroup } from './groupSync.js';
import { ROLE_NAMES, removesLastAdmin, type RoleName } from './roles.js';

const MAPPING: RoleGroup[] = [
  { group: 'hotdesk-admins', role: 'Admin' },
  { group: 'hotdesk-managers', role: 'Booking Manager' },
  { group: 'hotdesk-reports', role: 'Reporting' },
  // Two groups may give one role.
  { group: 'finance', role: 'Reporting' },
];
const TEAMS: LinkedTeam[] = [{ id: 10, group: 'Facilities' }, { id: 11, group: '3f2a6c1e-0000-4000-8000-00000000abcd' }];
const groups = (...g: string[]): GroupsClaim => ({ kind: 'groups', groups: g });
const state = (s: Partial<GroupSyncState> = {}): GroupSyncState => ({ roles: [], teamIds: [], adminCount: 5, ...s });
const plan = (claim: GroupsClaim, current: GroupSyncState, roleGroups = MAPPING, linkedTeams = TEAMS) =>
  planGroupSync({ claim, roleGroups, linkedTeams, current });

describe('readGroupsClaim', () => {
  it('reads a list of strings, dropping blank entries', () => {
    expect(readGroupsClaim(['a', ' ', 'b', ''])).toEqual(groups('a', 'b'));
  });
  it('reads an empty list as "in no groups" (not as absent)', () => {
    expect(readGroupsClaim([])).toEqual(groups());
  });
  it('reads a single string as one group (AD FS sends one group that way)', () => {
    expect(readGroupsClaim('hotdesk-admins')).toEqual(groups('hotdesk-admins'));
  });
  it.each([[undefined], [null]])('reads %s as absent', (value) => {
    expect(readGroupsClaim(value)).toEqual({ kind: 'absent' });
  });
  it.each([[42], [true], [{ groups: ['a'] }], [['a', 1]], [['a', null]], [[['a']]]])('refuses %j as a whole (unreadable)', (value) => {
    expect(readGroupsClaim(value).kind).toBe('unreadable');
  });
});

describe('planGroupSync: roles', () => {
  it('grants the roles of the groups in the claim', () => {
    expect(plan(groups('hotdesk-admins', 'hotdesk-reports'), state())).toMatchObject({ addRoles: ['Admin', 'Reporting'], removeRoles: [] });
  });
  it('removes mapped roles whose groups are no longer in the claim', () => {
    expect(plan(groups('hotdesk-reports'), state({ roles: ['Booking Manager', 'Reporting'] })))
      .toMatchObject({ addRoles: [], removeRoles: ['Booking Manager'] });
  });
  it('never touches roles that are not in the mapping (given by hand)', () => {
    const p = plan(groups(), state({ roles: ['Not Restricted', 'Reporting'] }));
    expect(p.removeRoles).toEqual(['Reporting']);
    expect(p.addRoles).toEqual([]);
  });
  it('keeps a role given by any one of its groups', () => {
    expect(plan(groups('finance'), state({ roles: ['Reporting'] }))).toMatchObject({ addRoles: [], removeRoles: [] });
  });
  it('changes nothing when the roles already match', () => {
    expect(plan(groups('hotdesk-managers'), state({ roles: ['Booking Manager'] }))).toEqual({ addRoles: [], removeRoles: [], joinTeams: [], leaveTeams: [], keptLastAdmin: false });
  });
  it('ignores groups the mapping does not name', () => {
    expect(plan(groups('everyone', 'hotdesk-admins-old'), state())).toMatchObject({ addRoles: [], removeRoles: [] });
  });
  it('compares groups trimmed and in any case', () => {
    expect(plan(groups(' HOTDESK-Admins '), state()).addRoles).toEqual(['Admin']);
    expect(groupKey('  AbC ')).toBe('abc');
  });
  it('with an empty mapping, touches no role', () => {
    expect(plan(groups(), state({ roles: ['Admin', 'Reporting'] }), [])).toMatchObject({ addRoles: [], removeRoles: [], keptLastAdmin: false });
  });
});

describe('planGroupSync: the last admin', () => {
  it('keeps the Admin role of the last admin and says so; other removals still happen', () => {
    const p = plan(groups(), state({ roles: ['Admin', 'Booking Manager'], adminCount: 1 }));
    expect(p).toMatchObject({ removeRoles: ['Booking Manager'], keptLastAdmin: true });
  });
  it('removes the Admin role when another admin remains (boundary: two admins)', () => {
    expect(plan(groups(), state({ roles: ['Admin'], adminCount: 2 }))).toMatchObject({ removeRoles: ['Admin'], keptLastAdmin: false });
  });
  it('does not report a kept admin when the claim still grants Admin', () => {
    expect(plan(groups('hotdesk-admins'), state({ roles: ['Admin'], adminCount: 1 }))).toMatchObject({ removeRoles: [], keptLastAdmin: false });
  });
  it('does not report a kept admin for someone who is not an admin', () => {
    expect(plan(groups(), state({ roles: [], adminCount: 1 })).keptLastAdmin).toBe(false);
  });
  it('follows the rule role assignment uses (removesLastAdmin)', () => {
    expect(removesLastAdmin({ holdsAdmin: true, keepsAdmin: false, adminCount: 1 })).toBe(true);
    expect(removesLastAdmin({ holdsAdmin: true, keepsAdmin: false, adminCount: 2 })).toBe(false);
    expect(removesLastAdmin({ holdsAdmin: true, keepsAdmin: true, adminCount: 1 })).toBe(false);
    expect(removesLastAdmin({ holdsAdmin: false, keepsAdmin: false, adminCount: 0 })).toBe(false);
  });
});

describe('planGroupSync: teams', () => {
  it('joins the linked teams whose group is in the claim (GUIDs in any case)', () => {
    expect(plan(groups('facilities', '3F2A6C1E-0000-4000-8000-00000000ABCD'), state()).joinTeams).toEqual([10, 11]);
  });
  it('leaves linked teams whose group is gone, and keeps teams without a group', () => {
    const p = plan(groups('Facilities'), state({ teamIds: [10, 11, 99] }));
    expect(p).toMatchObject({ joinTeams: [], leaveTeams: [11] });
  });
  it('with no linked teams, touches no membership', () => {
    expect(plan(groups(), state({ teamIds: [1, 2] }), MAPPING, [])).toMatchObject({ joinTeams: [], leaveTeams: [] });
  });
});

describe('planGroupSync: a claim that cannot be gone by changes nothing', () => {
  const holdingEverything = state({ roles: ['Admin', 'Reporting', 'Booking Manager'], teamIds: [10, 11], adminCount: 3 });
  it('absent claim', () => {
    expect(plan({ kind: 'absent' }, holdingEverything)).toEqual({ skipped: 'claim absent', addRoles: [], removeRoles: [], joinTeams: [], leaveTeams: [], keptLastAdmin: false });
  });
  it('unreadable claim', () => {
    expect(plan({ kind: 'unreadable', reason: 'x' }, holdingEverything)).toMatchObject({ skipped: 'claim unreadable', removeRoles: [], leaveTeams: [] });
  });
  it('but an empty list is a real answer: the person is in no group', () => {
    expect(plan(groups(), holdingEverything)).toMatchObject({ removeRoles: ['Admin', 'Booking Manager', 'Reporting'], leaveTeams: [10, 11] });
  });
});

describe('planGroupSync: properties', () => {
  const role = fc.constantFrom(...ROLE_NAMES);
  const group = fc.constantFrom('a', 'B', 'c', 'd', 'e');
  const arbitrary = fc.record({
    claimGroups: fc.array(group, { maxLength: 5 }),
    roleGroups: fc.array(fc.record({ group, role }), { maxLength: 6 }),
    teamGroups: fc.uniqueArray(group, { maxLength: 5, selector: groupKey }),
    roles: fc.uniqueArray(role),
    teamIds: fc.uniqueArray(fc.integer({ min: 0, max: 8 })),
    adminCount: fc.integer({ min: 0, max: 3 }),
  });
  it('after applying the plan, managed roles and linked teams match the claim and nothing else moved', () => {
    fc.assert(fc.property(arbitrary, (a) => {
      const linkedTeams = a.teamGroups.map((g, i) => ({ id: i, group: g }));
      const current = { roles: a.roles, teamIds: a.teamIds, adminCount: Math.max(a.adminCount, a.roles.includes('Admin') ? 1 : 0) };
      const p = planGroupSync({ claim: groups(...a.claimGroups), roleGroups: a.roleGroups, linkedTeams, current });
      const roles = new Set<RoleName>(a.roles);
      p.removeRoles.forEach((r) => roles.delete(r));
      p.addRoles.forEach((r) => roles.add(r));
      const inClaim = new Set(a.claimGroups.map(groupKey));
      for (const r of ROLE_NAMES) {
        const mapped = a.roleGroups.filter((m) => m.role === r);
        const expected = mapped.length === 0 ? a.roles.includes(r) : mapped.some((m) => inClaim.has(groupKey(m.group)));
        if (r === 'Admin' && p.keptLastAdmin) expect(roles.has(r)).toBe(true);
        else expect(roles.has(r), r).toBe(expected);
      }
      const teams = new Set(a.teamIds);
      p.leaveTeams.forEach((t) => teams.delete(t));
      p.joinTeams.forEach((t) => teams.add(t));
      for (let id = 0; id <= 8; id++) {
        const linked = linkedTeams.find((t) => t.id === id);
        expect(teams.has(id)).toBe(linked ? inClaim.has(groupKey(linked.group)) : a.teamIds.includes(id));
      }
      // A plan never asks to add what is held or remove what is not.
      expect(p.addRoles.every((r) => !a.roles.includes(r))).toBe(true);
      expect(p.removeRoles.every((r) => a.roles.includes(r))).toBe(true);
      expect(p.joinTeams.every((t) => !a.teamIds.includes(t))).toBe(true);
      expect(p.leaveTeams.every((t) => a.teamIds.includes(t))).toBe(true);
      // The last admin never loses Admin.
      if (a.roles.includes('Admin') && current.adminCount <= 1) expect(p.removeRoles).not.toContain('Admin');
    }));
  });
});
