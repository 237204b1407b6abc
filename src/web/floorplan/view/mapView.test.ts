import { describe, expect, it } from 'vitest';
import type { Drawing } from '../../../domain/layout/drawing.js';
import {
  clampMapZoom, desksInView, drawingBounds, labelFits, labelFontUnits, MAP_ZOOM, shortDeskName, viewInside, withMargin, zoomToRead,
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
