import { describe, expect, it } from 'vitest';
import type { Desk } from '../../../domain/layout/drawing.js';
import type { DeskOccupancy } from '../../../domain/wire/bookings.js';
import type { DeskState } from '../../floorplan/view/deskStates.js';
import { NEAR_TEAM_DISTANCE } from '../../../domain/nearTeam.js';
import { deskCaption, deskMapLabels, desksLeftOut, deskTags, nearTeamExplanation, nearTeamMessage, occupantsOf, withClosedDesks } from './deskMapView.js';
import type { Closure } from '../../../domain/wire/closures.js';

const tag = (Label: string) => ({ Id: 1, Label, Tooltip: '' });
const desk = (id: string, alias: string, tags: string[] = []): Desk => ({ id, alias, x: 0, y: 0, rotation: 0, bookable: true, assignedTeams: [], tags: tags.map(tag) });
const occ = (DeskId: string, Occupant?: { Name: string; Initials: string } | null): DeskOccupancy =>
  ({ DeskId, Start: '2030-01-01T09:00:00Z', Finish: '2030-01-01T12:00:00Z', Status: 1, IsMine: false, BookingId: null, Occupant });

describe('desk map labels', () => {
  const desks = [desk('a', 'Desk 1'), desk('b', 'Desk 2'), desk('c', 'Desk 3'), desk('d', 'Window')];
  const states = new Map<string, DeskState>([['a', 'bookable'], ['b', 'taken'], ['c', 'taken'], ['d', 'mine']]);
  const occupants = occupantsOf([occ('b', { Name: 'Ann Example', Initials: 'AE' }), occ('c', null), occ('c')]);

  it('name free desks, show initials of a named occupant, else Taken; mine says You', () => {
    expect([...deskMapLabels(desks, states, occupants)]).toEqual([['a', '1'], ['b', 'AE'], ['c', 'Taken'], ['d', 'You']]);
  });
  it('caption a hovered desk with the occupant only when the answer names them', () => {
    expect(deskCaption(desks[0]!, 'bookable', undefined)).toBe('Desk 1 · available');
    expect(deskCaption(desks[1]!, 'taken', occupants.get('b'))).toBe('Desk 2 · Ann Example');
    expect(deskCaption(desks[2]!, 'taken', occupants.get('c'))).toBe('Desk 3 · taken');
    expect(deskCaption(desks[3]!, 'mine', undefined)).toBe('Desk Window · booked by you');
  });
});

describe('closed desks (issue 22)', () => {
  const boiler: Closure = { Id: 1, SiteId: 1, Scope: { WholeSite: true, LocationIds: [], RoomIds: [], Desks: [] },
    Start: '2030-01-01T00:00:00Z', End: '2030-01-02T00:00:00Z', Reason: 'Boiler repair', RepeatsYearly: false };
  const states = new Map<string, DeskState>([['a', 'bookable'], ['b', 'taken'], ['c', 'mine'], ['d', 'nonBookable'], ['e', 'bookable']]);

  it('closes bookable and taken desks in a closure; keeps not bookable, mine and desks outside it', () => {
    const closed = new Map([['a', boiler], ['b', boiler], ['c', boiler], ['d', boiler]]);
    expect([...withClosedDesks(states, closed)]).toEqual([['a', 'closed'], ['b', 'closed'], ['c', 'mine'], ['d', 'nonBookable'], ['e', 'bookable']]);
    expect(withClosedDesks(states, new Map())).toBe(states); // nothing closed: the same map, so the drawing is not redrawn
  });
  it('labels a closed desk Closed and captions it with the reason', () => {
    const d = desk('a', 'Desk 1');
    expect(deskMapLabels([d], new Map([['a', 'closed']]), new Map()).get('a')).toBe('Closed');
    expect(deskCaption(d, 'closed', undefined, boiler)).toBe('Desk 1 · Closed: Boiler repair');
    expect(deskCaption(d, 'closed', undefined)).toBe('Desk 1 · closed');
  });
});

describe('desk filters', () => {
  const desks = [desk('a', '1', ['Monitor', 'Standing']), desk('b', '2', ['monitor']), desk('c', '3')];
  it('list the floor\'s tags once each, sorted', () => {
    expect(deskTags(desks).map((t) => t.label)).toEqual(['Monitor', 'Standing']);
  });
  it('leave out desks without every chosen tag (any case), or not among the favourites', () => {
    expect(desksLeftOut(desks, [], null)).toBeNull();
    expect([...desksLeftOut(desks, ['Monitor'], null)!]).toEqual(['c']);
    expect([...desksLeftOut(desks, ['monitor', 'standing'], null)!]).toEqual(['b', 'c']);
    expect([...desksLeftOut(desks, [], new Set(['b']))!]).toEqual(['a', 'c']);
  });
  it('leave out desks the server did not find near my team, together with the other filters', () => {
    expect([...desksLeftOut(desks, [], null, new Set(['a', 'c']))!]).toEqual(['b']);
    expect([...desksLeftOut(desks, ['Monitor'], null, new Set(['a', 'c']))!]).toEqual(['b', 'c']);
    expect([...desksLeftOut(desks, [], null, new Set())!]).toEqual(['a', 'b', 'c']);
    expect(desksLeftOut(desks, [], null, null)).toBeNull();
  });
});

describe('near my team words', () => {
  it('explain the distance in desk widths and that nobody is named', () => {
    expect(nearTeamExplanation(NEAR_TEAM_DISTANCE)).toMatch(/^Desks within about 5 desk widths of a desk a teammate has booked that day/);
    expect(nearTeamExplanation(NEAR_TEAM_DISTANCE)).toContain('never says who');
  });
  it('say why nothing is near, or that only the team\'s own desks are shown, and nothing when teammates are in', () => {
    expect(nearTeamMessage({ DeskIds: [], TeammatesBooked: false, NamesOnMap: 'teammates' })).toBe('No teammates booked on this floor that day.');
    expect(nearTeamMessage({ DeskIds: ['t'], TeammatesBooked: false, NamesOnMap: 'everyone' }))
      .toBe('No teammates booked on this floor that day. Showing the desks set aside for your team.');
    expect(nearTeamMessage({ DeskIds: [], TeammatesBooked: false, NamesOnMap: 'off' })).toMatch(/^Your organisation has turned names off/);
    expect(nearTeamMessage({ DeskIds: ['a'], TeammatesBooked: true, NamesOnMap: 'teammates' })).toBeNull();
  });
});
