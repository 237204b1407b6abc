import { describe, expect, it } from 'vitest';
import { NEAR_TEAM_DISTANCE, nearTeamDesks, type PlacedDesk } from './nearTeam.js';

const desk = (id: string, x: number, y: number, assignedTeams: number[] = []): PlacedDesk => ({ id, x, y, assignedTeams });

describe('nearTeamDesks', () => {
  // The demo floor's grid: 60 apart in a row, 80 between rows.
  const floor = [desk('A', 0, 0), desk('B', 60, 0), desk('C', 120, 0), desk('D', 0, 80), desk('E', 60, 80), desk('F', 300, 300, [7])];

  it('marks the teammate\'s desk and those within the distance, the diagonal neighbour (exactly 100) included', () => {
    expect([...nearTeamDesks(floor, new Set(['A']), [])].sort()).toEqual(['A', 'B', 'D', 'E']);
  });

  it('leaves out a desk just beyond the distance', () => {
    const near = nearTeamDesks([desk('A', 0, 0), desk('G', NEAR_TEAM_DISTANCE + 0.5, 0), desk('H', 0, -NEAR_TEAM_DISTANCE)], new Set(['A']), []);
    expect([...near].sort()).toEqual(['A', 'H']);
  });

  it('adds desks assigned to one of my teams, wherever they are, and nothing when no teammate is in', () => {
    expect([...nearTeamDesks(floor, new Set(), [7])]).toEqual(['F']);
    expect([...nearTeamDesks(floor, new Set(), [8])]).toEqual([]);
  });

  it('ignores a teammate\'s desk that is not on the drawing', () => {
    expect([...nearTeamDesks(floor, new Set(['gone']), [])]).toEqual([]);
  });

  it('answers a 5,000-desk floor with 100 teammates quickly', () => {
    const many = Array.from({ length: 5_000 }, (_, i) => desk(`D${i}`, (i % 100) * 30, Math.floor(i / 100) * 30));
    const mates = new Set(Array.from({ length: 100 }, (_, i) => `D${i * 50}`));
    const t0 = performance.now();
    const near = nearTeamDesks(many, mates, []);
    expect(performance.now() - t0).toBeLessThan(200);
    expect(near.size).toBeGreaterThan(100);
    expect(near.size).toBeLessThan(5_000);
  });
});
