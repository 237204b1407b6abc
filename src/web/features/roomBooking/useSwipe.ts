import { useRef, type TouchEvent } from 'react';

/** How far and how fast a finger must travel sideways to count as a swipe. */
const MIN_DISTANCE_PX = 60;
const MAX_DURATION_MS = 800;

/**
 * A sideways swipe on a touch screen: right-to-left calls onSwipe(1) (next), left-to-right
 * onSwipe(-1) (previous). Mostly vertical moves are scrolling and are ignored, as are
 * multi-finger gestures (pinch zoom).
 */
export function useSwipe(onSwipe: (direction: -1 | 1) => void) {
  const start = useRef<{ x: number; y: number; t: number } | null>(null);
  return {
    onTouchStart: (e: TouchEvent) => {
      const t = e.touches[0];
      start.current = e.touches.length === 1 && t ? { x: t.clientX, y: t.clientY, t: Date.now() } : null;
    },
    onTouchEnd: (e: TouchEvent) => {
      const s = start.current;
      const t = e.changedTouches[0];
      start.current = null;
      if (!s || !t) return;
      const dx = t.clientX - s.x;
      const dy = t.clientY - s.y;
      if (Math.abs(dx) >= MIN_DISTANCE_PX && Math.abs(dx) > 2 * Math.abs(dy) && Date.now() - s.t <= MAX_DURATION_MS) onSwipe(dx < 0 ? 1 : -1);
    },
  };
}
