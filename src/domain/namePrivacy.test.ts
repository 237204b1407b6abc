import { describe, expect, it } from 'vitest';
import { countsForNearTeam, initialsOf, occupantNameShown, type OccupantFacts } from './namePrivacy.js';

const base: OccupantFacts = { setting: 'teammates', viewerId: 1, occupantId: 2, occupantHidesName: false, sharesTeam: true };

describe('occupantNameShown', () => {
  it('names a teammate by default', () => expect(occupantNameShown(base)).toBe(true));
  it('does not name someone outside the viewer teams under "teammates"', () => expect(occupantNameShown({ ...base, sharesTeam: false })).toBe(false));
  it('names anyone under "everyone"', () => expect(occupantNameShown({ ...base, setting: 'everyone', sharesTeam: false })).toBe(true));
  it('names nobody under "off", teammates included', () => {
    expect(occupantNameShown({ ...base, setting: 'off' })).toBe(false);
    expect(occupantNameShown({ ...base, setting: 'off', sharesTeam: false })).toBe(false);
  });
  it('never names a person who hides their name, whatever the setting', () => {
    for (const setting of ['teammates', 'everyone'] as const) expect(occupantNameShown({ ...base, setting, occupantHidesName: true })).toBe(false);
  });
  it('never names the viewer themselves (IsMine says so) nor a holder without an account', () => {
    expect(occupantNameShown({ ...base, setting: 'everyone', occupantId: 1 })).toBe(false);
    expect(occupantNameShown({ ...base, setting: 'everyone', occupantId: null })).toBe(false);
  });
});

describe('countsForNearTeam', () => {
  it('counts a teammate under "teammates" and "everyone"', () => {
    expect(countsForNearTeam(base)).toBe(true);
    expect(countsForNearTeam({ ...base, setting: 'everyone' })).toBe(true);
  });
  it('never counts someone outside the viewer teams, even when their name is shown to everyone', () => {
    expect(countsForNearTeam({ ...base, setting: 'everyone', sharesTeam: false })).toBe(false);
  });
  it('does not count a teammate who hides their name, nor anyone when names are off', () => {
    expect(countsForNearTeam({ ...base, occupantHidesName: true })).toBe(false);
    expect(countsForNearTeam({ ...base, setting: 'everyone', occupantHidesName: true })).toBe(false);
    expect(countsForNearTeam({ ...base, setting: 'off' })).toBe(false);
  });
  it('does not count the viewer themselves nor a holder without an account', () => {
    expect(countsForNearTeam({ ...base, occupantId: 1 })).toBe(false);
    expect(countsForNearTeam({ ...base, occupantId: null })).toBe(false);
  });
});

describe('initialsOf', () => {
  it.each([
    ['Mary Anne Smith', 'MS'], ['sofia staff', 'SS'], ['Cher', 'C'], ['  Ada   Admin ', 'AA'], ['', '?'], ['   ', '?'],
    ['Émile Zola', 'ÉZ'], ['李 小龍', '李小'],
  ])('%j -> %j', (name, initials) => expect(initialsOf(name)).toBe(initials));
});
