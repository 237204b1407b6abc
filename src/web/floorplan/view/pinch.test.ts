import { describe, expect, it } from 'vitest';
import { fingerPair, PinchZoom, TouchPinch, viewKeeping } from './pinch.js';

describe('fingerPair', () => {
  it('is the midpoint and the distance of two fingers', () => {
    expect(fingerPair({ x: 100, y: 200 }, { x: 160, y: 280 })).toEqual({ mid: { x: 130, y: 240 }, gap: 100 });
  });
});

describe('TouchPinch', () => {
  it('one finger is no pinch: its moves answer nothing', () => {
    const t = new TouchPinch();
    expect(t.down(1, { x: 0, y: 0 })).toBe(false);
    expect(t.move(1, { x: 50, y: 0 })).toBeNull();
    expect(t.pinching).toBe(false);
    expect(t.up(1)).toBe(false);
  });

  it('a second finger makes a pinch; moves answer the pair now and at its start', () => {
    const t = new TouchPinch();
    t.down(1, { x: 100, y: 100 });
    expect(t.down(2, { x: 200, y: 100 })).toBe(true);
    const step = t.move(2, { x: 300, y: 100 });
    expect(step?.start).toEqual({ mid: { x: 150, y: 100 }, gap: 100 });
    expect(step?.now).toEqual({ mid: { x: 200, y: 100 }, gap: 200 });
    // The same start object on each step of one pinch.
    expect(t.move(1, { x: 90, y: 100 })?.start).toBe(step?.start);
  });

  it('stays a pinch until the last finger lifts, so the finger left behind counts for nothing', () => {
    const t = new TouchPinch();
    t.down(1, { x: 0, y: 0 });
    t.down(2, { x: 100, y: 0 });
    expect(t.up(2)).toBe(true);
    expect(t.pinching).toBe(true);
    expect(t.move(1, { x: 40, y: 40 })).toBeNull();
    expect(t.up(1)).toBe(true);
    expect(t.pinching).toBe(false);
    // The next touch starts afresh.
    expect(t.down(3, { x: 0, y: 0 })).toBe(false);
    expect(t.up(3)).toBe(false);
  });

  it('a finger put back down restarts the pinch from where the fingers are', () => {
    const t = new TouchPinch();
    t.down(1, { x: 0, y: 0 });
    t.down(2, { x: 100, y: 0 });
    const first = t.move(2, { x: 120, y: 0 })!.start;
    t.up(2);
    expect(t.down(4, { x: 0, y: 50 })).toBe(true);
    const again = t.move(4, { x: 0, y: 60 })!;
    expect(again.start).not.toBe(first);
    expect(again.start).toEqual({ mid: { x: 0, y: 25 }, gap: 50 });
  });

  it('ignores moves and lifts of pointers it never saw', () => {
    const t = new TouchPinch();
    expect(t.move(9, { x: 1, y: 1 })).toBeNull();
    expect(t.up(9)).toBe(false);
    expect(t.has(9)).toBe(false);
  });
});

describe('viewKeeping', () => {
  it('puts the anchor under the client point at the given zoom', () => {
    const origin = { x: 40, y: 100 };
    const anchor = { x: 1000, y: 2000 };
    const client = { x: 340, y: 400 };
    for (const zoom of [0.1, 0.5, 1.7]) {
      const v = viewKeeping(anchor, client, origin, zoom);
      // Scrolled to v (scrollLeft = v.x * zoom), the anchor shows at origin - scroll + anchor * zoom.
      expect(origin.x - v.x * zoom + anchor.x * zoom).toBeCloseTo(client.x);
      expect(origin.y - v.y * zoom + anchor.y * zoom).toBeCloseTo(client.y);
    }
  });
});

describe('PinchZoom', () => {
  const origin = { x: 50, y: 80 };
  // Shows canvas (x, y) at client origin + ((x, y) - view) * zoom.
  const shown = (v: { zoom: number; x: number; y: number }, p: { x: number; y: number }) =>
    ({ x: origin.x + (p.x - v.x) * v.zoom, y: origin.y + (p.y - v.y) * v.zoom });

  it('zooms by the ratio of the spreads, from the zoom it started at', () => {
    const pinch = new PinchZoom({ zoom: 0.5, x: 0, y: 0 }, fingerPair({ x: 300, y: 300 }, { x: 400, y: 300 }), origin);
    expect(pinch.zoomFor(fingerPair({ x: 250, y: 300 }, { x: 450, y: 300 }))).toBeCloseTo(1);
    expect(pinch.zoomFor(fingerPair({ x: 325, y: 300 }, { x: 375, y: 300 }))).toBeCloseTo(0.25);
    // Fingers on one spot: no zoom change rather than zero or infinity.
    expect(pinch.zoomFor(fingerPair({ x: 300, y: 300 }, { x: 300, y: 300 }))).toBe(0.5);
  });

  it('keeps the canvas point first under the midpoint under it, at any zoom and as the fingers move', () => {
    const from = { zoom: 0.5, x: 400, y: 600 };
    const start = fingerPair({ x: 300, y: 300 }, { x: 400, y: 340 });
    const pinch = new PinchZoom(from, start, origin);
    const anchor = { x: from.x + (start.mid.x - origin.x) / from.zoom, y: from.y + (start.mid.y - origin.y) / from.zoom };
    expect(shown(from, anchor).x).toBeCloseTo(start.mid.x);
    // Spread and slid 120 px right: zoomed, and the anchor followed the midpoint (a pan).
    const now = fingerPair({ x: 380, y: 280 }, { x: 580, y: 360 });
    const view = pinch.viewFor(now, pinch.zoomFor(now));
    expect(view.zoom).toBeGreaterThan(from.zoom);
    expect(shown(view, anchor).x).toBeCloseTo(now.mid.x);
    expect(shown(view, anchor).y).toBeCloseTo(now.mid.y);
    // At a zoom the editor clamped to, the anchor still stays under the fingers.
    const clamped = pinch.viewFor(now, 0.6);
    expect(shown(clamped, anchor).x).toBeCloseTo(now.mid.x);
  });

  it('fingers that only slide pan without zooming', () => {
    const from = { zoom: 0.5, x: 100, y: 100 };
    const pinch = new PinchZoom(from, fingerPair({ x: 200, y: 200 }, { x: 300, y: 200 }), origin);
    const now = fingerPair({ x: 150, y: 260 }, { x: 250, y: 260 });
    const view = pinch.viewFor(now, pinch.zoomFor(now));
    expect(view.zoom).toBe(0.5);
    // 50 px left and 60 px down on screen at 0.5: the view moved 100 right and 120 up in canvas units.
    expect(view.x).toBeCloseTo(200);
    expect(view.y).toBeCloseTo(-20);
  });
});
