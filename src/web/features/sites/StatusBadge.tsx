import { Badge } from '@mantine/core';

/**
 * A light badge with dark text: Mantine's light variant (coloured text on a tint of the same
 * colour) fails WCAG AA contrast at badge size for orange and several other colours.
 */
export function StatusBadge({ color, children }: { color: string; children: string }) {
  return <Badge variant="light" color={color} styles={{ root: { color: 'var(--mantine-color-dark-9)' } }}>{children}</Badge>;
}
