import { describe, expect, it } from 'vitest';
import { pageCount, pageOf } from './lobbyPages.js';

describe('lobby board pages', () => {
  it('one page when everything fits, even when empty', () => {
    expect(pageCount(0, 8)).toBe(1);
    expect(pageCount(8, 8)).toBe(1);
    expect(pageOf([1, 2, 3], 8, 5)).toEqual({ items: [1, 2, 3], page: 0, pages: 1 });
  });
  it('turns through the pages and starts again after the last', () => {
    const rooms = Array.from({ length: 19 }, (_, i) => i);
    expect(pageCount(19, 8)).toBe(3);
    expect(pageOf(rooms, 8, 0).items).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(pageOf(rooms, 8, 2)).toEqual({ items: [16, 17, 18], page: 2, pages: 3 });
    expect(pageOf(rooms, 8, 3).page).toBe(0);
  });
});
