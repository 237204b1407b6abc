import { describe, expect, it } from 'vitest';
import { nextFreeDeskName } from './deskNames.js';

describe('nextFreeDeskName', () => {
  it('continues the number, keeping the padding', () => {
    expect(nextFreeDeskName('A-012', new Set(['A-012']))).toBe('A-013');
    expect(nextFreeDeskName('Desk 9', new Set(['Desk 9']))).toBe('Desk 10');
    expect(nextFreeDeskName('A-099', new Set())).toBe('A-100');
  });

  it('skips names already taken', () => {
    expect(nextFreeDeskName('A-012', new Set(['A-012', 'A-013', 'A-014']))).toBe('A-015');
  });

  it('adds a number to a name without one', () => {
    expect(nextFreeDeskName('Window', new Set(['Window']))).toBe('Window 2');
    expect(nextFreeDeskName('Window', new Set(['Window', 'Window 2']))).toBe('Window 3');
  });

  it('an unnamed desk stays unnamed', () => {
    expect(nextFreeDeskName('', new Set(['']))).toBe('');
  });
});
