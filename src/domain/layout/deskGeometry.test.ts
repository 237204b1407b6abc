import { describe, expect, it } from 'vitest';
import {
  boxesOverlap,
  clampDeskPosition,
  deskInsideCanvas,
  desksOverlap,
  findOverlappingDesk,
  findOverlappingPairs,
  normalizeRotation,
  snapToGrid,
} from './deskGeometry.js';
import { makeDesk } from './testDrawings.js';

describe('desk overlap', () => {
  it('overlapping boxes overlap', () => {
    expect(desksOverlap({ x: 0, y: 0 }, { x: 19, y: 19 })).toBe(true);
    expect(desksOverlap({ x: 0, y: 0 }, { x: 0, y: 0 })).toBe(true);
  });
  it('touching edges and corners do not overlap', () => {
    expect(desksOverlap({ x: 0, y: 0 }, { x: 20, y: 0 })).toBe(false);
    expect(desksOverlap({ x: 0, y: 0 }, { x: 0, y: 20 })).toBe(false);
    expect(desksOverlap({ x: 0, y: 0 }, { x: 20, y: 20 })).toBe(false);
  });
  it('boxesOverlap handles different sizes', () => {
    expect(boxesOverlap({ x: 0, y: 0, width: 100, height: 5 }, { x: 50, y: 4, width: 1, height: 1 })).toBe(true);
    expect(boxesOverlap({ x: 0, y: 0, width: 100, height: 5 }, { x: 50, y: 5, width: 1, height: 1 })).toBe(false);
  });
  it('findOverlappingDesk ignores the moving desk itself', () => {
    const desks = [makeDesk({ id: 'a', x: 0, y: 0 }), makeDesk({ id: 'b', x: 40, y: 0 })];
    expect(findOverlappingDesk(desks, { x: 5, y: 5 }, 'a')).toBeUndefined();
    expect(findOverlappingDesk(desks, { x: 30, y: 5 }, 'a')?.id).toBe('b');
  });
});

describe('findOverlappingPairs', () => {
  it('finds each pair once, across cell boundaries', () => {
    const pairs = findOverlappingPairs([
      { x: 10, y: 10 },
      { x: 25, y: 25 },
      { x: 100, y: 100 },
      { x: 29, y: 12 },
    ]);
    expect(pairs).toEqual([
      [0, 1],
      [0, 3],
      [1, 3],
    ]);
  });
  it('agrees with the quadratic check on a random floor', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 400;
    const desks = Array.from({ length: 300 }, () => ({ x: Math.round(rand()), y: Math.round(rand()) }));
    const brute: Array<[number, number]> = [];
    for (let i = 0; i < desks.length; i++)
      for (let j = i + 1; j < desks.length; j++) if (desksOverlap(desks[i]!, desks[j]!)) brute.push([i, j]);
    expect(findOverlappingPairs(desks)).toEqual(brute);
  });
  it('stops at the limit', () => {
    const stacked = Array.from({ length: 1000 }, () => ({ x: 0, y: 0 }));
    expect(findOverlappingPairs(stacked, 5)).toHaveLength(5);
  });
});

describe('canvas bounds', () => {
  it('the whole box must be on the canvas', () => {
    expect(deskInsideCanvas({ x: 0, y: 0 })).toBe(true);
    expect(deskInsideCanvas({ x: 19980, y: 19980 })).toBe(true);
    expect(deskInsideCanvas({ x: 19981, y: 0 })).toBe(false);
    expect(deskInsideCanvas({ x: -1, y: 0 })).toBe(false);
  });
  it('clamps positions onto the canvas', () => {
    expect(clampDeskPosition({ x: -5, y: 30000 })).toEqual({ x: 0, y: 19980 });
  });
});

describe('snapping and rotation', () => {
  it('snaps to the nearest 10', () => {
    expect(snapToGrid(14)).toBe(10);
    expect(snapToGrid(15)).toBe(20);
    expect(snapToGrid(-4)).toBe(0);
    expect(Object.is(snapToGrid(-4), -0)).toBe(false);
  });
  it('wraps free rotation into 0..359 whole degrees', () => {
    expect(normalizeRotation(360)).toBe(0);
    expect(normalizeRotation(-90)).toBe(270);
    expect(normalizeRotation(725)).toBe(5);
    expect(normalizeRotation(359.6)).toBe(0);
    expect(normalizeRotation(12.4)).toBe(12);
    expect(normalizeRotation(Number.NaN)).toBe(0);
  });
  it('snaps rotation to 45s in 0..315 when snapping', () => {
    expect(normalizeRotation(30, true)).toBe(45);
    expect(normalizeRotation(350, true)).toBe(0);
    expect(normalizeRotation(315, true)).toBe(315);
    expect(normalizeRotation(-45, true)).toBe(315);
  });
});
