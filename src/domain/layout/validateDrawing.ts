/**
 * Layout validation: the server's authority on what a saved drawing may contain, and the same
 * function the editor can call before saving. Never throws, whatever it is given.
 *
 * Checks, in order: the schema (shapes, types, bounded sizes, desk rotation 0..359, at most one
 * assigned team), unique desk and shape ids, everything on the canvas (for desks the whole 20x20
 * box; for rectangles and shapes the whole bounding box), and no two desks overlapping (edges may
 * touch). Messages name desks by alias (or id when the alias is blank) so an admin can find them.
 */
import { CANVAS_SIZE } from './constants.js';
import { deskInsideCanvas, findOverlappingPairs } from './deskGeometry.js';
import { deskLabel } from './drawingBasics.js';
import { DRAWING_LIMITS, drawingSchema, type Desk, type Drawing } from './drawing.js';

export type ValidationResult = { ok: true; drawing: Drawing } | { ok: false; errors: string[] };

/** A hostile body could hold millions of problems; past this many the rest are only counted. */
export const MAX_REPORTED_ERRORS = 50;

const ARRAY_LIMITS: Record<string, number> = {
  desks: DRAWING_LIMITS.desks,
  doors: DRAWING_LIMITS.doors,
  text: DRAWING_LIMITS.texts,
  floorplanRectangles: DRAWING_LIMITS.rectangles,
  roomRectangles: DRAWING_LIMITS.rectangles,
  floorplanShapes: DRAWING_LIMITS.shapes,
};

export { deskLabel } from './drawingBasics.js';

export function validateDrawing(input: unknown): ValidationResult {
  try {
    const tooLong = oversizedArrays(input);
    if (tooLong.length > 0) return { ok: false, errors: tooLong };

    const parsed = drawingSchema.safeParse(input);
    if (!parsed.success) {
      return fail(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'drawing'}: ${issue.message}`));
    }
    const drawing = parsed.data;
    const errors = [...duplicateIds(drawing), ...offCanvas(drawing), ...overlaps(drawing.desks)];
    return errors.length > 0 ? fail(errors) : { ok: true, drawing };
  } catch {
    // Defensive only: getters or proxies in a hand-made object could throw during parsing.
    return { ok: false, errors: ['The layout could not be read'] };
  }
}

const fail = (errors: string[]): ValidationResult => {
  if (errors.length <= MAX_REPORTED_ERRORS) return { ok: false, errors };
  const shown = errors.slice(0, MAX_REPORTED_ERRORS);
  shown.push(`...and ${errors.length - MAX_REPORTED_ERRORS} more problems`);
  return { ok: false, errors: shown };
};

/** Refuses huge arrays before zod walks every element of them. */
function oversizedArrays(input: unknown): string[] {
  if (typeof input !== 'object' || input === null) return [];
  const record = input as Record<string, unknown>;
  return Object.entries(ARRAY_LIMITS)
    .filter(([key, max]) => Array.isArray(record[key]) && (record[key] as unknown[]).length > max)
    .map(([key, max]) => `${key}: at most ${max} are allowed`);
}

function duplicateIds(drawing: Drawing): string[] {
  const errors: string[] = [];
  const deskIds = new Set<string>();
  for (const desk of drawing.desks) {
    if (deskIds.has(desk.id)) errors.push(`Desk id "${desk.id}" is used by more than one desk`);
    deskIds.add(desk.id);
  }
  const shapeIds = new Set<string>();
  for (const shape of drawing.floorplanShapes) {
    if (shapeIds.has(shape.id)) errors.push(`Shape id "${shape.id}" is used by more than one shape`);
    shapeIds.add(shape.id);
  }
  return errors;
}

const onCanvas = (v: number): boolean => v >= 0 && v <= CANVAS_SIZE;
const boxOnCanvas = (b: { x: number; y: number; width: number; height: number }): boolean =>
  onCanvas(b.x) && onCanvas(b.y) && onCanvas(b.x + b.width) && onCanvas(b.y + b.height);

function offCanvas(drawing: Drawing): string[] {
  const errors: string[] = [];
  const where = `outside the ${CANVAS_SIZE}x${CANVAS_SIZE} canvas`;
  for (const desk of drawing.desks) if (!deskInsideCanvas(desk)) errors.push(`Desk ${deskLabel(desk)} is ${where}`);
  drawing.doors.forEach((d, i) => {
    if (!onCanvas(d.x) || !onCanvas(d.y)) errors.push(`Door ${i + 1} is ${where}`);
  });
  drawing.text.forEach((t, i) => {
    if (!onCanvas(t.x) || !onCanvas(t.y)) errors.push(`Text ${i + 1} is ${where}`);
  });
  drawing.floorplanRectangles.forEach((r, i) => {
    if (!boxOnCanvas(r)) errors.push(`Floor space ${i + 1} is ${where}`);
  });
  drawing.roomRectangles.forEach((r, i) => {
    if (!boxOnCanvas(r)) errors.push(`Room ${i + 1} is ${where}`);
  });
  drawing.floorplanShapes.forEach((s, i) => {
    if (!boxOnCanvas(s)) errors.push(`Shape ${i + 1} is ${where}`);
  });
  return errors;
}

function overlaps(desks: readonly Desk[]): string[] {
  // One more than can be shown, so fail() still says there are more.
  return findOverlappingPairs(desks, MAX_REPORTED_ERRORS + 1).map(([i, j]) => {
    // Indices come from the same array, so both exist.
    const a = desks[i] as Desk;
    const b = desks[j] as Desk;
    return `Desk ${deskLabel(a)} overlaps desk ${deskLabel(b)}`;
  });
}
