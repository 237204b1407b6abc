import { describe, expect, it } from 'vitest';
import {
  angleFrom,
  boxFromCorners,
  clampZoom,
  desksBounds,
  fitBounds,
  nextDefaultRotation,
  rotatePoint,
  rotationHandleRadius,
  snapPoint,
  stepZoom,
  wrapRotation,
} from './geometry.js';

describe('snapping', () => {
  it('snaps to 10 only when on', () => {
    expect(snapPoint({ x: 14, y: 26 }, true)).toEqual({ x: 10, y: 30 });
    expect(snapPoint({ x: 14, y: 26 }, false)).toEqual({ x: 14, y: 26 });
  });
});

describe('rotation wrap', () => {
  it('free: whole degrees 0..359', () => {
    expect(wrapRotation(359, false)).toBe(359);
    expect(wrapRotation(360, false)).toBe(0);
    expect(wrapRotation(-1, false)).toBe(359);
    expect(wrapRotation(44, false)).toBe(44);
  });
  it('snapping: multiples of 45 in 0..315', () => {
    expect(wrapRotation(44, true)).toBe(45);
    expect(wrapRotation(337, true)).toBe(315);
    expect(wrapRotation(338, true)).toBe(0);
    for (let d = -720; d <= 720; d += 7) expect(wrapRotation(d, true) % 45).toBe(0);
  });
  it('R steps the default rotation by 45 and wraps at 360', () => {
    const seen: number[] = [];
    let r = 0;
    for (let i = 0; i < 9; i++) seen.push((r = nextDefaultRotation(r)));
    expect(seen).toEqual([45, 90, 135, 180, 225, 270, 315, 0, 45]);
  });
});

describe('zoom and handle clamps', () => {
  it('clamps zoom to 0.1..0.7 without float noise', () => {
    expect(clampZoom(5)).toBe(0.7);
    expect(clampZoom(0)).toBe(0.1);
    expect(clampZoom(Number.NaN)).toBe(0.5);
    expect(stepZoom(0.6, 1)).toBe(0.7);
    expect(stepZoom(0.7, 1)).toBe(0.7);
    expect(stepZoom(0.2, -1)).toBe(0.1);
    expect(stepZoom(0.1, -1)).toBe(0.1);
    expect(clampZoom(3, { min: 0.1, max: 1 })).toBe(1);
  });
  it('clamps the rotation handle radius to 15..50', () => {
    expect(rotationHandleRadius(20, 20)).toBe(15);
    expect(rotationHandleRadius(120, 20)).toBe(30);
    expect(rotationHandleRadius(5000, 10)).toBe(50);
  });
});

describe('points and boxes', () => {
  it('rotates clockwise in canvas space', () => {
    const p = rotatePoint({ x: 10, y: 0 }, { x: 0, y: 0 }, 90);
    expect(p.x).toBeCloseTo(0);
    expect(p.y).toBeCloseTo(10);
  });
  it('measures angles clockwise from up', () => {
    expect(angleFrom({ x: 0, y: 0 }, { x: 0, y: -5 })).toBeCloseTo(0);
    expect(angleFrom({ x: 0, y: 0 }, { x: 5, y: 0 })).toBeCloseTo(90);
    expect(angleFrom({ x: 0, y: 0 }, { x: -5, y: 0 })).toBeCloseTo(-90);
  });
  it('builds a box from corners dragged any way, on the canvas', () => {
    expect(boxFromCorners({ x: 50, y: 40 }, { x: 10, y: 60 })).toEqual({ x: 10, y: 40, width: 40, height: 20 });
    expect(boxFromCorners({ x: -10, y: 19990 }, { x: 10, y: 20050 })).toEqual({ x: 0, y: 19990, width: 10, height: 10 });
  });
});

describe('fit desks to screen', () => {
  it('has no bounds without desks', () => {
    expect(desksBounds([])).toBeNull();
  });
  it('bounds include the whole desk boxes', () => {
    expect(desksBounds([{ x: 100, y: 50 }, { x: 300, y: 80 }])).toEqual({ x: 100, y: 50, width: 220, height: 50 });
  });
  it('fits and centres, within the zoom range', () => {
    const bounds = { x: 1000, y: 1000, width: 2000, height: 1000 };
    const t = fitBounds(bounds, { width: 1000, height: 1000 });
    expect(t.zoom).toBe(0.49);
    expect(t.scrollX + 1000 / t.zoom / 2).toBeCloseTo(2000);
    expect(t.scrollY + 1000 / t.zoom / 2).toBeCloseTo(1500);
  });
  it('never zooms past the maximum for a small group', () => {
    expect(fitBounds({ x: 0, y: 0, width: 20, height: 20 }, { width: 1000, height: 800 }).zoom).toBe(0.7);
  });
  it('keeps the scroll on the canvas', () => {
    const t = fitBounds({ x: 0, y: 0, width: 20, height: 20 }, { width: 1000, height: 800 });
    expect(t.scrollX).toBe(0);
    expect(t.scrollY).toBe(0);
    const far = fitBounds({ x: 19980, y: 19980, width: 20, height: 20 }, { width: 1000, height: 800 });
    expect(far.scrollX + 1000 / far.zoom).toBeCloseTo(20000);
  });
  it('supports the booking view range and padding', () => {
    const t = fitBounds({ x: 0, y: 0, width: 20, height: 20 }, { width: 1000, height: 800 }, { zoom: { min: 0.1, max: 1 }, padding: 10 });
    expect(t.zoom).toBe(1);
  });
});
