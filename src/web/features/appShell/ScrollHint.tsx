import { Box, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { SCROLL_HINT_QUERY } from './breakpoints.js';

/**
 * Wraps wide content (tables, drawings) so it scrolls sideways inside the page instead of widening
 * it, and under 640 px (SPEC 2.10) says so when the content is wider than the screen. While it
 * overflows, the scroll area is a named, focusable region, so keyboard users can scroll it too.
 *
 *   <ScrollHint label="My bookings table"><Table miw={720}>...</Table></ScrollHint>
 *
 * `always`: show the hint under 640 px even if the content does not overflow here (content that
 * scrolls inside itself, such as a zoomable floorplan).
 */
export function ScrollHint({ label, children, always = false, hint = 'Scroll sideways to see more' }: {
  label: string;
  children: ReactNode;
  always?: boolean;
  hint?: string;
}) {
  const narrow = useMediaQuery(SCROLL_HINT_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const ref = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setOverflowing(el.scrollWidth > el.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [children]);

  const showHint = narrow && (overflowing || always);
  return (
    <Box data-scroll-hint-wrapper>
      {showHint && (
        <Text size="sm" c="dimmed" mb={4} data-scroll-hint>
          <span aria-hidden="true">↔ </span>{hint}
        </Text>
      )}
      <Box
        ref={ref}
        style={{ overflowX: 'auto', maxWidth: '100%' }}
        {...(overflowing ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
      >
        {children}
      </Box>
    </Box>
  );
}
