import { describe, expect, it } from 'vitest';
import { nextDesk } from './deskNavigation.js';

const desks = [
  { id: 'a', x: 100, y: 100 },
  { id: 'b', x: 140, y: 100 },
  { id: 'c', x: 300, y: 110 },
  { id: 'd', x: 100, y: 140 },
  { id: 'e', x: 130, y: 400 },
];

describe('nextDesk', () => {
  it('goes to the nearest desk in each direction', () => {
    expect(nextDesk(desks, 'a', 'ArrowRight')).toBe('b');
    expect(nextDesk(desks, 'b', 'ArrowRight')).toBe('c');
    expect(nextDesk(desks, 'a', 'ArrowDown')).toBe('d');
    expect(nextDesk(desks, 'd', 'ArrowUp')).toBe('a');
    expect(nextDesk(desks, 'b', 'ArrowLeft')).toBe('a');
  });

  it('answers null at the edge, and the first desk when the start is unknown', () => {
    expect(nextDesk(desks, 'a', 'ArrowUp')).toBeNull();
    expect(nextDesk(desks, 'a', 'ArrowLeft')).toBeNull();
    expect(nextDesk(desks, 'gone', 'ArrowLeft')).toBe('a');
    expect(nextDesk([], 'gone', 'ArrowLeft')).toBeNull();
  });
});
