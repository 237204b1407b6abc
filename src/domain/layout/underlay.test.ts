import { describe, expect, it } from 'vitest';
import { makeDrawing } from './testDrawings.js';
import { UNITS_PER_METRE, type Underlay } from './underlay.js';
import { calibrateUnderlay, distance, metresBetween, newUnderlay } from './underlayGeometry.js';
import { validateDrawing } from './validateDrawing.js';

const IMAGE = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const base = (over: Partial<Underlay> = {}): Underlay => ({ ...newUnderlay(IMAGE, { width: 1000, height: 500 }), ...over });

/** Where a point given in the image's own box (0..1 across, 0..1 down) lands on the canvas, rotation included. */
function onCanvas(u: Underlay, fx: number, fy: number) {
  const cx = u.x + u.width / 2;
  const cy = u.y + u.height / 2;
  const dx = (fx - 0.5) * u.width;
  const dy = (fy - 0.5) * u.height;
  const r = (u.rotation * Math.PI) / 180;
  return { x: cx + dx * Math.cos(r) - dy * Math.sin(r), y: cy + dx * Math.sin(r) + dy * Math.cos(r) };
}

describe('the underlay in a drawing', () => {
  it('is optional: drawings without one stay valid and gain no key', () => {
    const result = validateDrawing(makeDrawing());
    expect(result.ok && 'underlay' in result.drawing).toBe(false);
  });

  it('is kept when valid', () => {
    const result = validateDrawing(makeDrawing({ underlay: base({ rotation: 12.5, opacity: 0.05, showInBookingView: true }) }));
    expect(result.ok && result.drawing.underlay).toEqual(base({ rotation: 12.5, opacity: 0.05, showInBookingView: true }));
  });

  it.each([
    ['a missing image id', { imageId: '' }],
    ['an image id that is not a UUID', { imageId: '../../etc/passwd' }],
    ['opacity below 0.05', { opacity: 0.01 }],
    ['opacity above 1', { opacity: 1.5 }],
    ['zero width', { width: 0 }],
    ['a huge height', { height: 1e7 }],
    ['rotation of 360', { rotation: 360 }],
    ['a far-away x', { x: -1e6 }],
    ['a non-boolean lock', { locked: 'yes' }],
  ])('refuses %s with a message naming the underlay', (_what, bad) => {
    const result = validateDrawing({ ...makeDrawing(), underlay: { ...base(), ...bad } });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.some((e) => e.startsWith('underlay.'))).toBe(true);
  });
});

describe('newUnderlay', () => {
  it('starts at one canvas unit per pixel, half transparent, not shown to people booking', () => {
    expect(newUnderlay(IMAGE, { width: 1200, height: 800 }, { x: 300.4, y: -20 })).toEqual({
      imageId: IMAGE, x: 300, y: 0, width: 1200, height: 800, rotation: 0, opacity: 0.5, locked: false, hidden: false, showInBookingView: false,
    });
  });
  it('fits an image larger than the canvas into it', () => {
    const u = newUnderlay(IMAGE, { width: 40_000, height: 10_000 });
    expect([u.width, u.height]).toEqual([20_000, 5_000]);
  });
});

describe('calibrateUnderlay (two points of known distance)', () => {
  it('makes the picked distance equal the metres at 12.5 units a metre, keeping the first point still', () => {
    const u = base();
    const a = onCanvas(u, 0.1, 0.5);
    const b = onCanvas(u, 0.5, 0.5); // 400 units apart
    const result = calibrateUnderlay(u, a, b, 12);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const after = result.underlay;
    expect(after.width).toBeCloseTo(1000 * (12 * UNITS_PER_METRE) / 400);
    expect(after.height / after.width).toBeCloseTo(0.5);
    const a2 = onCanvas(after, 0.1, 0.5);
    const b2 = onCanvas(after, 0.5, 0.5);
    expect(a2.x).toBeCloseTo(a.x);
    expect(a2.y).toBeCloseTo(a.y);
    expect(metresBetween(a2, b2)).toBeCloseTo(12);
  });

  it('works on a rotated image: the same image points end up the given metres apart', () => {
    const u = base({ x: 2000, y: 1500, rotation: 30 });
    const a = onCanvas(u, 0.2, 0.3);
    const b = onCanvas(u, 0.9, 0.8);
    const result = calibrateUnderlay(u, a, b, 7.5);
    if (!result.ok) throw new Error(result.error);
    expect(result.underlay.rotation).toBe(30);
    const a2 = onCanvas(result.underlay, 0.2, 0.3);
    expect(distance(a2, a)).toBeLessThan(1e-6);
    expect(metresBetween(a2, onCanvas(result.underlay, 0.9, 0.8))).toBeCloseTo(7.5);
  });

  it('refuses a non-positive distance, points on top of each other, and absurd results', () => {
    const u = base();
    expect(calibrateUnderlay(u, { x: 0, y: 0 }, { x: 100, y: 0 }, 0).ok).toBe(false);
    expect(calibrateUnderlay(u, { x: 0, y: 0 }, { x: 100, y: 0 }, Number.NaN).ok).toBe(false);
    expect(calibrateUnderlay(u, { x: 5, y: 5 }, { x: 5.2, y: 5 }, 3).ok).toBe(false);
    expect(calibrateUnderlay(u, { x: 0, y: 0 }, { x: 10, y: 0 }, 100_000).ok).toBe(false);
  });
});
