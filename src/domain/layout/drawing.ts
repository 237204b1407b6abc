/**
 * The layout drawing: the JSON saved in a layout record's `Json` field (SPEC section 3).
 * One zod schema is the wire format, the storage format and the engine's document type.
 *
 * Conventions the spec leaves open (decided here, relied on by validation and the editor):
 * - Coordinates are canvas units (0..CANVAS_SIZE). (x, y) is the top-left corner of an element's
 *   box; rotation is in degrees, clockwise, about the box centre.
 * - Desk ids are strings (the editor makes UUIDs); a desk's name shown to people is its alias.
 * - Shape path steps are a discriminated union on `type`, with coordinates RELATIVE to the shape's
 *   (x, y), so moving a shape only changes x and y:
 *     { type: 'Move', x, y }                start a path at (x, y)            (SVG M)
 *     { type: 'Line', x, y }                straight line to (x, y)           (SVG L)
 *     { type: 'Curve', x1, y1, x, y }       quadratic curve, control (x1,y1)  (SVG Q)
 *     { type: 'ReflectedCurve', x, y }      quadratic, control reflected      (SVG T)
 *     { type: 'Closure' }                   straight line back to the start   (SVG Z)
 * - lastUpdate is milliseconds since the epoch of the last save (0 = never saved).
 * - Every string and array is bounded so a hostile body is refused before it costs anything.
 *   Unknown keys are stripped (older drawings may carry extra fields; they are not kept).
 */
import { z } from 'zod';
import { MAX_ASSIGNED_TEAMS } from './constants.js';
import { DRAWING_LIMITS } from './drawingBasics.js';
import { underlaySchema } from './underlay.js';

// The limits and the blank drawing live in drawingBasics.ts (no zod: the editor's first render takes them).
export { DRAWING_LIMITS, emptyDrawing } from './drawingBasics.js';

/**
 * Any coordinate must be a finite number within this magnitude. The canvas check in
 * validateDrawing gives the human message; this only keeps absurd numbers out of arithmetic.
 */
const COORD_LIMIT = 1_000_000;
const coord = z.number().min(-COORD_LIMIT).max(COORD_LIMIT);
const length = z.number().min(0).max(COORD_LIMIT);
/** Free rotation for doors, text, rectangles and shapes: [0, 360). */
const rotation = z.number().min(0).lt(360);

export const tagSchema = z.object({
  Id: z.int().min(0),
  Label: z.string().max(DRAWING_LIMITS.tagLabelLength),
  Tooltip: z.string().max(DRAWING_LIMITS.tagTooltipLength),
});

export const deskSchema = z.object({
  x: coord,
  y: coord,
  /** Whole degrees 0..359 (SPEC 5); the editor keeps multiples of 45 when snapping. */
  rotation: z.int().min(0).max(359),
  bookable: z.boolean(),
  id: z.string().min(1).max(DRAWING_LIMITS.idLength),
  alias: z.string().max(DRAWING_LIMITS.aliasLength),
  assignedTeams: z
    .array(z.int().min(0))
    .max(MAX_ASSIGNED_TEAMS, `A desk can have at most ${MAX_ASSIGNED_TEAMS} assigned team`),
  tags: z.array(tagSchema).max(DRAWING_LIMITS.tagsPerDesk),
});

export const doorSchema = z.object({ x: coord, y: coord, rotation });

export const FONT_SIZES = ['small', 'large'] as const;
export const fontSizeSchema = z.enum(FONT_SIZES);

export const textSchema = z.object({
  x: coord,
  y: coord,
  text: z.string().max(DRAWING_LIMITS.textLength),
  fontSize: fontSizeSchema,
});

export const rectangleSchema = z.object({ x: coord, y: coord, width: length, height: length, rotation });

export const pathStepSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Move'), x: coord, y: coord }),
  z.object({ type: z.literal('Line'), x: coord, y: coord }),
  z.object({ type: z.literal('Curve'), x1: coord, y1: coord, x: coord, y: coord }),
  z.object({ type: z.literal('ReflectedCurve'), x: coord, y: coord }),
  z.object({ type: z.literal('Closure') }),
]);

export const shapeSchema = z.object({
  path: z.array(pathStepSchema).min(1).max(DRAWING_LIMITS.pathSteps),
  rotation,
  x: coord,
  y: coord,
  width: length,
  height: length,
  id: z.string().min(1).max(DRAWING_LIMITS.idLength),
});

export const drawingSchema = z.object({
  desks: z.array(deskSchema).max(DRAWING_LIMITS.desks),
  doors: z.array(doorSchema).max(DRAWING_LIMITS.doors),
  text: z.array(textSchema).max(DRAWING_LIMITS.texts),
  floorplanRectangles: z.array(rectangleSchema).max(DRAWING_LIMITS.rectangles),
  roomRectangles: z.array(rectangleSchema).max(DRAWING_LIMITS.rectangles),
  floorplanShapes: z.array(shapeSchema).max(DRAWING_LIMITS.shapes),
  lastUpdate: z.number().min(0).max(Number.MAX_SAFE_INTEGER),
  /** Optional plan image drawn under everything (issue 21; underlay.ts). Absent in older drawings. */
  underlay: underlaySchema.optional(),
});

export type Tag = z.infer<typeof tagSchema>;
export type Desk = z.infer<typeof deskSchema>;
export type Door = z.infer<typeof doorSchema>;
export type FontSize = z.infer<typeof fontSizeSchema>;
export type TextBox = z.infer<typeof textSchema>;
export type Rectangle = z.infer<typeof rectangleSchema>;
export type PathStep = z.infer<typeof pathStepSchema>;
export type PathStepType = PathStep['type'];
export type Shape = z.infer<typeof shapeSchema>;
export type Drawing = z.infer<typeof drawingSchema>;
