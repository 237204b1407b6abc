import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { basePath } from './basePath.js';
import { LazyNotifications } from './LazyNotifications.js';
import { theme } from './theme.js';
import { VersionWatcher } from '../features/appShell/VersionWatcher.js';

/** Everything every screen relies on: theme, notifications, modals, server cache and router. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <LazyNotifications />
      <VersionWatcher />
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <BrowserRouter basename={basePath || '/'}>{children}</BrowserRouter>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
