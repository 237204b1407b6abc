import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/** SPEC 2.10: panels are 900, 1000 or 1200 px wide at most, centred, full width on phones. */
const PANEL_WIDTHS = { sm: 900, md: 1000, lg: 1200 } as const;
export type PanelSize = keyof typeof PANEL_WIDTHS;

export function Panel({ size = 'sm', children }: { size?: PanelSize; children: ReactNode }) {
  return (
    <Box maw={PANEL_WIDTHS[size]} mx="auto" px={{ base: 'sm', sm: 'md' }} py="lg">
      {children}
    </Box>
  );
}
