import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';
import { Providers } from './app/Providers.js';
import { AppRoutes } from './app/AppRoutes.js';
import { currentRouterPath } from './app/basePath.js';
import { createQueryClient } from './app/queryClient.js';
import { prefetchOpeningScreen } from './app/routePrefetch.js';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** The longest the first render waits for the opening screen's code (it is usually in already). */
const OPENING_SCREEN_WAIT_MS = 1_500;

// The screen the app opens on starts its data and code now; the first render waits for the code
// (and, for the desk floorplan, the settings), so that screen is drawn at once rather than through
// a loader (see lazyPage and prefetchDeskScreen).
const queryClient = createQueryClient();
const openingScreen = Promise.race([
  prefetchOpeningScreen(currentRouterPath(), queryClient).catch(() => undefined),
  new Promise((resolve) => setTimeout(resolve, OPENING_SCREEN_WAIT_MS)),
]);

// Not a top-level await: with one, the build split the first script into three times as many files.
void openingScreen.then(() => createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <AppRoutes />
    </Providers>
  </StrictMode>,
));
