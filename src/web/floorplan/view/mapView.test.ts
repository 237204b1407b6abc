import { describe, expect, it } from 'vitest';
import type { Drawing } from '../../../domain/layout/drawing.js';
import {
  clampMapZoom, desksInView, drawingBounds, FOCUS_ZOOM, focusTarget, labelFits, labelFontUnits, MAP_ZOOM, shortDeskName, viewInside, withMargin, zoomToRead,
} from './mapView.js';

const desk = (id: string, x: number, y: number, rotation = 0) => ({ id, x, y, rotation, bookable: true, alias: '', assignedTeams: [], tags: [] });
const empty: Drawing = { desks: [], doors: [], text: [], floorplanRectangles: [], roomRectangles: [], floorplanShapes: [], lastUpdate: 0 };

describe('desk map zoom', () => {
  it('keeps SPEC 9\'s far end (0.1) and goes to 3 at the near end', () => {
    expect(clampMapZoom(0.01)).toBe(MAP_ZOOM.min);
    expect(MAP_ZOOM.min).toBe(0.1);
    expect(clampMapZoom(10)).toBe(3);
    expect(clampMapZoom(1.23456)).toBe(1.235);
    expect(clampMapZoom(Number.NaN)).toBe(1);
  });
});

describe('drawing bounds', () => {
  it('hold desks, text above them and a rotated room, not just the desks', () => {
    const drawing: Drawing = {
      ...empty,
      desks: [desk('a', 100, 100), desk('b', 300, 200)],
      text: [{ x: 90, y: 20, text: 'North wing\nsecond line', fontSize: 'large' }],
      roomRectangles: [{ x: 400, y: 400, width: 100, height: 20, rotation: 90 }],
    };
    const b = drawingBounds(drawing)!;
    expect(b.y).toBe(20); // the heading above the desks is in view
    expect(b.x).toBe(90);
    // The room rotated about its centre (450, 410) reaches y = 460 and x = 460.
    expect(b.y + b.height).toBeCloseTo(460);
    expect(b.x + b.width).toBeGreaterThanOrEqual(320);
  });
  it('hold a desk turned by any angle about its centre, and are the plain box at a half turn', () => {
    // A 20-unit desk at (100, 100) turned 45 degrees reaches 10 * sqrt(2) from its centre (110, 110) on each axis.
    const turned = drawingBounds({ ...empty, desks: [desk('a', 100, 100, 45)] })!;
    expect(turned.x).toBeCloseTo(110 - 10 * Math.SQRT2);
    expect(turned.y).toBeCloseTo(110 - 10 * Math.SQRT2);
    expect(turned.width).toBeCloseTo(20 * Math.SQRT2);
    expect(turned.height).toBeCloseTo(20 * Math.SQRT2);
    expect(drawingBounds({ ...empty, desks: [desk('a', 100, 100, 180)] })).toEqual({ x: 100, y: 100, width: 20, height: 20 });
    // A 100 x 20 room turned a quarter stands 20 wide and 100 tall about the same centre.
    const room = drawingBounds({ ...empty, roomRectangles: [{ x: 0, y: 0, width: 100, height: 20, rotation: 270 }] })!;
    expect(room.x).toBeCloseTo(40);
    expect(room.y).toBeCloseTo(-40);
    expect(room.width).toBeCloseTo(20);
    expect(room.height).toBeCloseTo(100);
  });
  it('are null for an empty drawing', () => {
    expect(drawingBounds(empty)).toBeNull();
  });
});

describe('desk labels', () => {
  it('draw "Desk 12" as 12 and keep other names', () => {
    expect(shortDeskName('Desk 12')).toBe('12');
    expect(shortDeskName('desk  A')).toBe('A');
    expect(shortDeskName('Window')).toBe('Window');
    expect(shortDeskName('Desk')).toBe('Desk');
  });
  it('fit only from the zoom where the text is at least 9 px', () => {
    expect(labelFits('12', 1)).toBe(false); // 7 units at 100 % = 7 px
    expect(labelFits('12', 1.3)).toBe(true);
    expect(labelFits('A long desk name', 3)).toBe(false);
    expect(labelFontUnits('12345')).toBeLessThan(labelFontUnits('12'));
    expect(labelFits('1234', zoomToRead(4))).toBe(true);
    expect(labelFits('1234', zoomToRead(4) * 0.99)).toBe(false);
  });
  it('are drawn for the desks in view only', () => {
    const desks = [desk('in', 100, 100), desk('edge', 75, 90), desk('out', 500, 100)];
    expect(desksInView(desks, { x: 90, y: 90, width: 100, height: 100 }).map((d) => d.id)).toEqual(['in', 'edge']);
  });
  it('are kept while the view stays inside the margin drawn around it', () => {
    const drawn = withMargin({ x: 100, y: 100, width: 200, height: 100 });
    expect(drawn).toEqual({ x: 0, y: 50, width: 400, height: 200 });
    expect(viewInside({ x: 150, y: 120, width: 200, height: 100 }, drawn)).toBe(true);
    expect(viewInside({ x: 250, y: 120, width: 200, height: 100 }, drawn)).toBe(false);
  });
});

describe('a desk brought into view', () => {
  const size = { width: 800, height: 600 };
  it('is centred at the focus zoom when the view is further out', () => {
    // From the fitted view of a large floor (zoom 0.2): zoom to 2, the desk's centre (1010, 510) in the middle.
    expect(focusTarget({ x: 1000, y: 500 }, size, { x: 0, y: 0, zoom: 0.2 })).toEqual({ x: 1010 - 200, y: 510 - 150, zoom: FOCUS_ZOOM });
  });
  it('keeps a closer zoom, and stays put when the desk is wholly in view there', () => {
    expect(focusTarget({ x: 100, y: 100 }, size, { x: 0, y: 0, zoom: 3 })).toBeNull();
    // Half outside the view's right edge (view 0..266.7 wide at zoom 3): centred, still at zoom 3.
    expect(focusTarget({ x: 260, y: 100 }, size, { x: 0, y: 0, zoom: 3 })).toEqual({ x: 270 - 400 / 3, y: 110 - 300 / 3, zoom: 3 });
  });
  it('never scrolls before the canvas origin', () => {
    expect(focusTarget({ x: 10, y: 10 }, size, { x: 0, y: 0, zoom: 0.5 })).toEqual({ x: 0, y: 0, zoom: FOCUS_ZOOM });
  });
});
