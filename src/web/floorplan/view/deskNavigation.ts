/**
 * Arrow-key movement between desks (roving focus): only one desk is in the Tab order, the arrows go
 * to the nearest desk in that direction. Thousands of desks must not mean thousands of Tab stops.
 */
import type { Desk } from '../../../domain/layout/drawing.js';

export type Direction = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';
export const isDirection = (key: string): key is Direction =>
  key === 'ArrowUp' || key === 'ArrowDown' || key === 'ArrowLeft' || key === 'ArrowRight';

/**
 * The nearest desk whose position lies in the direction's 90-degree cone; distance along the
 * direction counts once, sideways distance twice, so a desk straight ahead beats one off to the side.
 */
export function nextDesk(desks: readonly Pick<Desk, 'id' | 'x' | 'y'>[], fromId: string, direction: Direction): string | null {
  const from = desks.find((d) => d.id === fromId);
  if (!from) return desks[0]?.id ?? null;
  let best: string | null = null;
  let bestScore = Infinity;
  for (const d of desks) {
    if (d.id === fromId) continue;
    const dx = d.x - from.x;
    const dy = d.y - from.y;
    const [ahead, side] =
      direction === 'ArrowRight' ? [dx, dy] : direction === 'ArrowLeft' ? [-dx, dy] : direction === 'ArrowDown' ? [dy, dx] : [-dy, dx];
    if (ahead <= 0 || Math.abs(side) > ahead) continue;
    const score = ahead + 2 * Math.abs(side);
    if (score < bestScore) {
      bestScore = score;
      best = d.id;
    }
  }
  return best;
}
