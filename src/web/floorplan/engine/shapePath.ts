/**
 * Free-drawn shape paths. The pen collects steps in canvas coordinates; a saved shape keeps them
 * relative to its bounding box's top-left (see domain/layout/drawing.ts), so a move is just x/y.
 */
import type { PathStep, Shape } from '../../../domain/layout/drawing.js';
import type { Point } from './geometry.js';

/** Points that bound a step: its end point and, for a curve, its control point. */
const stepPoints = (step: PathStep): Point[] => {
  switch (step.type) {
    case 'Closure':
      return [];
    case 'Curve':
      return [
        { x: step.x1, y: step.y1 },
        { x: step.x, y: step.y },
      ];
    default:
      return [{ x: step.x, y: step.y }];
  }
};

/** Number of points the user placed (Closure adds none). */
export const pathPointCount = (steps: readonly PathStep[]): number => steps.filter((s) => s.type !== 'Closure').length;

export const translateStep = (step: PathStep, dx: number, dy: number): PathStep => {
  switch (step.type) {
    case 'Closure':
      return step;
    case 'Curve':
      return { ...step, x1: step.x1 + dx, y1: step.y1 + dy, x: step.x + dx, y: step.y + dy };
    default:
      return { ...step, x: step.x + dx, y: step.y + dy };
  }
};

/**
 * Builds a shape from absolute steps. The box holds every end and control point; a quadratic curve
 * stays inside the hull of its points, so the box holds the whole drawn line.
 */
export const shapeFromAbsoluteSteps = (steps: readonly PathStep[], id: string): Shape => {
  const points = steps.flatMap(stepPoints);
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return {
    id,
    x,
    y,
    width: Math.max(...xs) - x,
    height: Math.max(...ys) - y,
    rotation: 0,
    path: steps.map((s) => translateStep(s, -x, -y)),
  };
};

/** SVG path data for steps, offset by (dx, dy): the view draws shapes and the pen preview with it. */
export const pathData = (steps: readonly PathStep[], dx = 0, dy = 0): string =>
  steps
    .map((s) => {
      switch (s.type) {
        case 'Move':
          return `M ${s.x + dx} ${s.y + dy}`;
        case 'Line':
          return `L ${s.x + dx} ${s.y + dy}`;
        case 'Curve':
          return `Q ${s.x1 + dx} ${s.y1 + dy} ${s.x + dx} ${s.y + dy}`;
        case 'ReflectedCurve':
          return `T ${s.x + dx} ${s.y + dy}`;
        case 'Closure':
          return 'Z';
      }
    })
    .join(' ');
