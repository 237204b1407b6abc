import { describe, expect, it } from 'vitest';
import { closureWindow, dateStripWindows } from './closureWindows.js';

describe('closureWindow', () => {
  it('covers the days on every clock on earth', () => {
    expect(closureWindow('2030-04-01', '2030-04-30')).toEqual({ from: '2030-03-31T10:00:00.000Z', to: '2030-05-01T14:00:00.000Z' });
  });
});

describe('dateStripWindows', () => {
  const now = new Date('2026-11-26T11:00:00Z');
  it('one range for the strip when the chosen day is in it; the chosen day apart when it is years ahead', () => {
    expect(dateStripWindows(now, '2026-12-01', 31)).toEqual([{ from: '2026-11-24T10:00:00.000Z', to: '2026-12-29T14:00:00.000Z' }]);
    expect(dateStripWindows(now, '2031-02-11', 31)).toEqual([
      { from: '2026-11-24T10:00:00.000Z', to: '2026-12-29T14:00:00.000Z' }, { from: '2031-02-10T10:00:00.000Z', to: '2031-02-12T14:00:00.000Z' }]);
  });
});
