/**
 * A quick check that a drawing from the server can be drawn, for the booking screen and the layout
 * editor. Every drawing the server holds was checked in full when it was saved (validateDrawing, with
 * drawingSchema); checking it again in full as the floorplan opens cost 45-80 ms of a 5,000-desk floor's
 * first second in Chromium (bench/README.md), and ~37 ms of the editor's opening on 2,000 desks (session
 * 23), against about 1 ms for this. What this checks is what drawing needs: every field the views read
 * has the right type, so a damaged layout still shows the layout error rather than breaking the page.
 * The full schema stays where the data is not the server's: the editor's local draft (draft.ts) and
 * every save, which the server checks in full again.
 */
import type { Drawing } from './drawing.js';

type Fields = Record<string, 'number' | 'string' | 'boolean' | 'array'>;

const DESK: Fields = { x: 'number', y: 'number', rotation: 'number', bookable: 'boolean', id: 'string', alias: 'string', assignedTeams: 'array', tags: 'array' };
const DOOR: Fields = { x: 'number', y: 'number', rotation: 'number' };
const TEXT: Fields = { x: 'number', y: 'number', text: 'string', fontSize: 'string' };
const RECTANGLE: Fields = { x: 'number', y: 'number', width: 'number', height: 'number', rotation: 'number' };
const SHAPE: Fields = { ...RECTANGLE, id: 'string', path: 'array' };
const UNDERLAY: Fields = {
  imageId: 'string', x: 'number', y: 'number', width: 'number', height: 'number', rotation: 'number', opacity: 'number',
  locked: 'boolean', hidden: 'boolean', showInBookingView: 'boolean',
};
const PATH_STEP_COORDS: Record<string, readonly string[]> = { Move: ['x', 'y'], Line: ['x', 'y'], Curve: ['x1', 'y1', 'x', 'y'], ReflectedCurve: ['x', 'y'], Closure: [] };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function hasFields(v: unknown, fields: Fields): boolean {
  if (!isObject(v)) return false;
  for (const key in fields) {
    const value = v[key];
    const type = fields[key];
    if (type === 'array' ? !Array.isArray(value) : type === 'number' ? !Number.isFinite(value) : typeof value !== type) return false;
  }
  return true;
}

const allHave = (list: unknown, fields: Fields): boolean => Array.isArray(list) && list.every((item) => hasFields(item, fields));

const isPathStep = (step: unknown): boolean => {
  if (!isObject(step) || typeof step['type'] !== 'string') return false;
  const coords = PATH_STEP_COORDS[step['type']];
  return coords !== undefined && coords.every((c) => Number.isFinite(step[c]));
};

/** The value as a Drawing when the booking view can draw it; else null. */
export function drawableDrawing(value: unknown): Drawing | null {
  if (!isObject(value) || !Number.isFinite(value['lastUpdate'])) return null;
  const ok = allHave(value['desks'], DESK) && (value['desks'] as { id: string }[]).every((d) => d.id.length > 0)
    && allHave(value['doors'], DOOR) && allHave(value['text'], TEXT)
    && allHave(value['floorplanRectangles'], RECTANGLE) && allHave(value['roomRectangles'], RECTANGLE)
    && allHave(value['floorplanShapes'], SHAPE) && (value['floorplanShapes'] as { path: unknown[] }[]).every((s) => s.path.every(isPathStep))
    && (value['underlay'] === undefined || hasFields(value['underlay'], UNDERLAY));
  return ok ? (value as unknown as Drawing) : null;
}

/**
 * A layout record's Json as a drawing, or null when it cannot be drawn (not JSON, not a drawing, or no
 * record): a bad record must not crash the screen. The booking view, the lobby display, the heatmap and
 * the layout editor all open drawings through this.
 */
export function parseDrawableJson(json: string | undefined): Drawing | null {
  if (json === undefined) return null;
  try {
    return drawableDrawing(JSON.parse(json));
  } catch {
    return null;
  }
}
