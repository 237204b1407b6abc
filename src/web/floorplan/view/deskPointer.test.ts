import { describe, expect, it } from 'vitest';
import type { Desk } from '../../../domain/layout/drawing.js';
import { deskAt } from './deskPointer.js';

const desk = (id: string, x: number, y: number, rotation = 0): Desk => ({ id, x, y, rotation, alias: '', bookable: true, assignedTeams: [], tags: [] });

describe('deskAt', () => {
  const desks = [desk('A', 100, 100), desk('B', 140, 100), desk('C', 100, 140, 45)];

  it('finds the desk whose box holds the point, and none between desks', () => {
    expect(deskAt(desks, { x: 110, y: 110 })?.id).toBe('A');
    expect(deskAt(desks, { x: 159, y: 119 })?.id).toBe('B');
    expect(deskAt(desks, { x: 130, y: 110 })).toBeNull();
    expect(deskAt([], { x: 110, y: 110 })).toBeNull();
  });

  it('counts the outline just outside the box (it is painted there), not beyond it', () => {
    expect(deskAt(desks, { x: 98.6, y: 110 })?.id).toBe('A');
    expect(deskAt(desks, { x: 98.4, y: 110 })).toBeNull();
  });

  it('tests a turned desk in its own frame', () => {
    // C turned 45 degrees about its centre (110, 150): its corners now point up, down and sideways.
    expect(deskAt(desks, { x: 110, y: 150 + 13 })?.id).toBe('C'); // along the diagonal, inside (half-diagonal 14.1)
    expect(deskAt(desks, { x: 101, y: 141 })).toBeNull(); // the unturned box's corner, now outside
  });

  it('gives the desk painted on top (the later one) where desks overlap', () => {
    expect(deskAt([desk('under', 0, 0), desk('over', 10, 10)], { x: 15, y: 15 })?.id).toBe('over');
  });
});
