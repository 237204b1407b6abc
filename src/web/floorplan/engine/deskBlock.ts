/**
 * The desk block tool (issue 21, point 2): rows x columns of desks in one go, named from a pattern,
 * and renumbering a selection in reading order. Pure functions: no React, no DOM; the editor inserts
 * the result as one undo step.
 *
 * Layout conventions (the issue leaves them open; decided here):
 * - spacingX / spacingY are the FREE GAP between neighbouring desk boxes (0 = touching, as desks in
 *   a bank are), in canvas units. The desk box is DESK_SIZE (20) square.
 * - A row runs left to right. When the desks face sideways (rotation 90 or 270) the block is laid
 *   out turned: rows run top to bottom, so "rows" stay the lines people sit along.
 * - Facing pairs: every second row is turned 180 degrees and placed back to back with the row before
 *   it (no gap); spacingY is then the aisle between pairs. That is how real desk banks stand.
 * - Desks are numbered row by row in the row's direction, the first row first.
 */
import { CANVAS_SIZE, DESK_SIZE } from '../../../domain/layout/constants.js';
import { findOverlappingPairs, normalizeRotation, type Box, type Point } from '../../../domain/layout/deskGeometry.js';
import type { Desk, Drawing } from '../../../domain/layout/drawing.js';
import { deskLabel, DRAWING_LIMITS } from '../../../domain/layout/drawingBasics.js';
import { formatName, namingProblems, type NamePattern } from './deskBlockNames.js';

/** Far above any real bank of desks, and small enough that placing one stays instant. */
export const MAX_BLOCK_DESKS = 1_000;
/** Gaps above this are a typo, not a floor (the canvas is 20,000 across). */
export const MAX_BLOCK_GAP = 2_000;

export interface DeskBlockNaming {
  pattern: NamePattern;
  /** Number of the first desk (nextNumberFor gives the floor's next free one). */
  start: number;
  /** The floorplan's name, for {floor}. */
  floor: string;
}

export interface DeskBlockSpec {
  /** Top-left corner of the whole block. */
  origin: Point;
  rows: number;
  columns: number;
  spacingX: number;
  spacingY: number;
  /** Rotation of the desks in the first row (SPEC 5: 0..359, steps of 45 when snapping). */
  rotation: number;
  facingPairs: boolean;
  naming: DeskBlockNaming;
  /** New desks are bookable unless told otherwise. */
  bookable?: boolean;
}

export class DeskBlockError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'DeskBlockError';
  }
}

const isSideways = (rotation: number): boolean => normalizeRotation(rotation) % 180 === 90;

/** How far row `r` (0 = first) lies across the block; with facing pairs only every second gap is an aisle. */
const rowOffset = (r: number, gap: number, facingPairs: boolean): number =>
  r * DESK_SIZE + (facingPairs ? Math.floor(r / 2) : r) * gap;

/** The block's width and height in canvas units (before placing it anywhere). */
export function blockSize(spec: Pick<DeskBlockSpec, 'rows' | 'columns' | 'spacingX' | 'spacingY' | 'rotation' | 'facingPairs'>): {
  width: number;
  height: number;
} {
  // Arithmetic, not a loop over rows: it runs on every keystroke, whatever number was typed.
  const along = spec.columns * DESK_SIZE + Math.max(spec.columns - 1, 0) * spec.spacingX;
  const across = spec.rows > 0 ? rowOffset(spec.rows - 1, spec.spacingY, spec.facingPairs) + DESK_SIZE : 0;
  return isSideways(spec.rotation) ? { width: across, height: along } : { width: along, height: across };
}

const wholeIn = (v: number, min: number, max: number): boolean => Number.isInteger(v) && v >= min && v <= max;

/** Problems with the block's shape and place (not its names); empty when it can be placed. */
export function blockShapeProblems(spec: DeskBlockSpec, drawing: Pick<Drawing, 'desks'>): string[] {
  const problems: string[] = [];
  const upTo = MAX_BLOCK_DESKS.toLocaleString('en');
  if (!wholeIn(spec.rows, 1, MAX_BLOCK_DESKS)) problems.push(`Rows must be a whole number from 1 to ${upTo}`);
  if (!wholeIn(spec.columns, 1, MAX_BLOCK_DESKS)) problems.push(`Columns must be a whole number from 1 to ${upTo}`);
  for (const [label, gap] of [
    ['The gap between desks', spec.spacingX],
    ['The gap between rows', spec.spacingY],
  ] as const) {
    if (!(Number.isFinite(gap) && gap >= 0 && gap <= MAX_BLOCK_GAP)) problems.push(`${label} must be 0 to ${MAX_BLOCK_GAP.toLocaleString('en')}`);
  }
  if (!Number.isFinite(spec.rotation)) problems.push('Choose a rotation');
  if (problems.length > 0) return problems;
  const count = spec.rows * spec.columns;
  if (count > MAX_BLOCK_DESKS) {
    return [`A block can hold at most ${MAX_BLOCK_DESKS.toLocaleString('en')} desks; ${spec.rows} × ${spec.columns} is ${count.toLocaleString('en')}`];
  }
  if (drawing.desks.length + count > DRAWING_LIMITS.desks) {
    return [`A floor can hold at most ${DRAWING_LIMITS.desks.toLocaleString('en')} desks; it has ${drawing.desks.length.toLocaleString('en')}`];
  }
  const box = blockBox(spec);
  if (box.x < 0 || box.y < 0 || box.x + box.width > CANVAS_SIZE || box.y + box.height > CANVAS_SIZE) {
    problems.push(
      `The block (${box.width} × ${box.height}) does not fit on the ${CANVAS_SIZE.toLocaleString('en')} × ${CANVAS_SIZE.toLocaleString('en')} canvas ` +
        `at ${Math.round(box.x)}, ${Math.round(box.y)}: place it elsewhere or make it smaller`,
    );
  }
  return problems;
}

export const blockBox = (spec: DeskBlockSpec): Box => ({ x: spec.origin.x, y: spec.origin.y, ...blockSize(spec) });

/** Every problem with the block, shape first; names are only checked once the shape is fine. */
export function deskBlockProblems(spec: DeskBlockSpec, drawing: Pick<Drawing, 'desks'>): string[] {
  const shape = blockShapeProblems(spec, drawing);
  if (shape.length > 0) return shape;
  const { pattern, start, floor } = spec.naming;
  return namingProblems({ pattern, start, count: spec.rows * spec.columns, floor, existing: drawing.desks });
}

/** Where each desk goes, row by row: positions and rotations without ids or names. */
export function blockPlaces(spec: DeskBlockSpec): Array<Point & { rotation: number }> {
  const sideways = isSideways(spec.rotation);
  const first = normalizeRotation(spec.rotation);
  const places: Array<Point & { rotation: number }> = [];
  for (let r = 0; r < spec.rows; r++) {
    const across = rowOffset(r, spec.spacingY, spec.facingPairs);
    const rotation = spec.facingPairs && r % 2 === 1 ? normalizeRotation(first + 180) : first;
    for (let c = 0; c < spec.columns; c++) {
      const along = c * (DESK_SIZE + spec.spacingX);
      places.push(
        sideways
          ? { x: spec.origin.x + across, y: spec.origin.y + along, rotation }
          : { x: spec.origin.x + along, y: spec.origin.y + across, rotation },
      );
    }
  }
  return places;
}

/**
 * The desks of a block, ready for editor.insertDesks. Throws DeskBlockError (all problems in words)
 * when the block is too big, off the canvas, badly named or its names are taken. Overlap with
 * existing desks is reported too, naming the desk.
 */
export function planDeskBlock(spec: DeskBlockSpec, drawing: Pick<Drawing, 'desks'>, newId: () => string): Desk[] {
  const problems = deskBlockProblems(spec, drawing);
  if (problems.length > 0) throw new DeskBlockError(problems);
  const { pattern, start, floor } = spec.naming;
  const desks = blockPlaces(spec).map(
    (p, i): Desk => ({
      x: p.x,
      y: p.y,
      rotation: p.rotation,
      bookable: spec.bookable ?? true,
      id: newId(),
      alias: formatName(pattern, start + i, floor),
      assignedTeams: [],
      tags: [],
    }),
  );
  const blocked = firstOverlap(drawing.desks, desks);
  if (blocked) throw new DeskBlockError([`The block would overlap desk ${deskLabel(blocked)}: place it elsewhere`]);
  return desks;
}

/** The first existing desk that a new desk would overlap (grid-bucketed: linear in the floor size). */
export function firstOverlap(existing: readonly Desk[], added: readonly Point[]): Desk | undefined {
  const pair = findOverlappingPairs([...existing, ...added], 1)[0];
  return pair ? existing[pair[0]] : undefined;
}

export interface RenumberOptions {
  floor?: string;
  /** The whole floor, so new names are checked against desks that are not being renamed. */
  drawing?: Pick<Drawing, 'desks'>;
}

/** Problems with renumbering these desks; empty when it can go ahead. */
export function renumberProblems(
  desks: readonly Pick<Desk, 'id'>[],
  pattern: NamePattern,
  start: number,
  options: RenumberOptions = {},
): string[] {
  if (desks.length === 0) return ['Select the desks to renumber first'];
  return namingProblems({
    pattern,
    start,
    count: desks.length,
    floor: options.floor ?? '',
    existing: options.drawing?.desks ?? [],
    renaming: new Set(desks.map((d) => d.id)),
  });
}

/** New names for desks already in reading order: id -> alias. Throws DeskBlockError on a problem. */
export function renumber(
  desksInReadingOrder: readonly Pick<Desk, 'id'>[],
  pattern: NamePattern,
  start: number,
  options: RenumberOptions = {},
): Map<string, string> {
  const problems = renumberProblems(desksInReadingOrder, pattern, start, options);
  if (problems.length > 0) throw new DeskBlockError(problems);
  return new Map(desksInReadingOrder.map((d, i) => [d.id, formatName(pattern, start + i, options.floor ?? '')]));
}
