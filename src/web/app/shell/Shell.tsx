import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppFooter } from './AppFooter.js';
import { AppHeader } from './AppHeader.js';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.js';

/** Page frame: skip link, header (with the user menu when signed in), an optional bar, main, footer. */
export function Shell({ fullName, bar, children }: { fullName?: string; bar?: ReactNode; children: ReactNode }) {
  return (
    <Box mih="100vh" display="flex" style={{ flexDirection: 'column' }} bg="gray.0">
      <SkipLink />
      <AppHeader fullName={fullName} />
      {bar}
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
        {children}
      </Box>
      <AppFooter />
    </Box>
  );
}
