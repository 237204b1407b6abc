/**
 * What is under a point. Desks are on top (they are what people click most and are drawn last),
 * then doors, text, shapes, rooms and finally floor spaces. Within a list the later element is on top,
 * matching SVG paint order. Rotated elements are tested in their own frame.
 */
import type { Drawing } from '../../../domain/layout/drawing.js';
import { elementFrame, frameCenter, isRotatable, type ElementRef, type Frame } from './elements.js';
import { rotatePoint, rotationHandleRadius, type Point } from './geometry.js';

/** Extra reach around thin things (a 0-height rectangle is still clickable), in canvas units. */
export const HIT_SLOP = 2;
/** Radius of the rotation handle's clickable circle, in canvas units. */
export const HANDLE_HIT_RADIUS = 10;

export const pointInFrame = (p: Point, f: Frame, slop = 0): boolean => {
  const local = rotatePoint(p, frameCenter(f), -f.rotation);
  return (
    local.x >= f.x - slop && local.x <= f.x + f.width + slop && local.y >= f.y - slop && local.y <= f.y + f.height + slop
  );
};

/** Element refs from top to bottom of the paint order. */
function* topDown(drawing: Drawing): Generator<ElementRef> {
  for (let i = drawing.desks.length - 1; i >= 0; i--) yield { kind: 'desk', id: drawing.desks[i]!.id };
  for (let i = drawing.doors.length - 1; i >= 0; i--) yield { kind: 'door', index: i };
  for (let i = drawing.text.length - 1; i >= 0; i--) yield { kind: 'text', index: i };
  for (let i = drawing.floorplanShapes.length - 1; i >= 0; i--) yield { kind: 'shape', id: drawing.floorplanShapes[i]!.id };
  for (let i = drawing.roomRectangles.length - 1; i >= 0; i--) yield { kind: 'roomRect', index: i };
  for (let i = drawing.floorplanRectangles.length - 1; i >= 0; i--) yield { kind: 'floorRect', index: i };
}

export const hitTest = (drawing: Drawing, p: Point): ElementRef | null => {
  for (const ref of topDown(drawing)) {
    const frame = elementFrame(drawing, ref);
    if (frame && pointInFrame(p, frame, ref.kind === 'desk' ? 0 : HIT_SLOP)) return ref;
  }
  return null;
};

/** Where the rotation handle of an element sits: above its top edge, turned with the element. */
export const rotationHandlePosition = (frame: Frame): Point => {
  const center = frameCenter(frame);
  const above = { x: center.x, y: frame.y - rotationHandleRadius(frame.width, frame.height) };
  return rotatePoint(above, center, frame.rotation);
};

/** True when `p` is on the rotation handle of the selected element. */
export const hitRotationHandle = (drawing: Drawing, selection: ElementRef | null, p: Point): boolean => {
  if (!selection || !isRotatable(selection)) return false;
  const frame = elementFrame(drawing, selection);
  if (!frame) return false;
  const handle = rotationHandlePosition(frame);
  return Math.hypot(p.x - handle.x, p.y - handle.y) <= HANDLE_HIT_RADIUS;
};
