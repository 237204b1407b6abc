import { describe, expect, it } from 'vitest';
import { removesMe } from './selfRemoval.js';

const me = { id: 7, teamIds: [3] };
const person = (Id: number) => ({ Id, FullName: `P${Id}`, Email: `p${Id}@x.org` });
const team = (Id: number) => ({ Id, Name: `T${Id}` });

describe('a room approver removing themselves', () => {
  const listed = { restricted: true, users: [person(7), person(8)], teams: [team(3)] };
  it('is caught when they drop their own name and team', () => {
    expect(removesMe(listed, { ...listed, users: [person(8)], teams: [] }, me)).toBe(true);
  });
  it('is fine while a team of theirs still lists them', () => {
    expect(removesMe(listed, { ...listed, users: [person(8)] }, me)).toBe(false);
  });
  it('is caught when the restriction (and so the list) is turned off', () => {
    expect(removesMe(listed, { restricted: false, users: [], teams: [] }, me)).toBe(true);
  });
  it('does not apply when the room lists do not name them (approver through the location)', () => {
    const other = { restricted: true, users: [person(8)], teams: [] };
    expect(removesMe(other, { restricted: false, users: [], teams: [] }, me)).toBe(false);
  });
});
