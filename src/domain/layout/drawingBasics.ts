/**
 * What the drawing's schema (drawing.ts) is built on and what the layout editor needs before its checks:
 * the size limits, a blank drawing and how a desk is named in a message. No zod here: the editor's first
 * render takes this module, and the schemas come after it is drawn (web/floorplan/engine/drawingSchemas.ts),
 * since zod and the schemas evaluated with the editor's code were ~20 ms of its 2,000-desk opening
 * (bench/README.md, session 23).
 */
import type { Desk, Drawing } from './drawing.js';

/** Upper bounds on sizes. They are far above real floors and far below what could hurt the server. */
export const DRAWING_LIMITS = {
  desks: 10_000,
  doors: 5_000,
  texts: 5_000,
  rectangles: 5_000,
  shapes: 2_000,
  pathSteps: 5_000,
  tagsPerDesk: 50,
  idLength: 64,
  aliasLength: 100,
  tagLabelLength: 100,
  tagTooltipLength: 500,
  textLength: 1_000,
} as const;

/** A blank layout ("Start Blank"). */
export const emptyDrawing = (): Drawing => ({
  desks: [],
  doors: [],
  text: [],
  floorplanRectangles: [],
  roomRectangles: [],
  floorplanShapes: [],
  lastUpdate: 0,
});

/** A desk as messages name it: its alias, or its id when the alias is blank, in quotes. */
export const deskLabel = (desk: Pick<Desk, 'alias' | 'id'>): string => `"${desk.alias.trim() || desk.id}"`;
