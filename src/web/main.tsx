import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Mantine's base styles first; each component's own styles come with it (vite.config.ts,
// mantineStylesWithComponents), and the app's global rules last, after everything they adjust.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { Providers } from './app/Providers.js';
import { AppRoutes } from './app/AppRoutes.js';
import { currentRouterPath } from './app/basePath.js';
import { createQueryClient } from './app/queryClient.js';
import { prefetchOpeningScreen } from './app/routePrefetch.js';
import { appStylesApplied } from './app/appStyles.js';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** The longest the first render waits for the opening screen's code (it is usually in already). */
const OPENING_SCREEN_WAIT_MS = 1_500;

// The screen the app opens on starts its data and code now; the first render waits for the code
// (and, for the desk floorplan, the settings), so that screen is drawn at once rather than through
// a loader (see lazyPage and prefetchDeskScreen).
const queryClient = createQueryClient();
const openingScreen = Promise.all([
  Promise.race([
    prefetchOpeningScreen(currentRouterPath(), queryClient).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, OPENING_SCREEN_WAIT_MS)),
  ]),
  // The app's style sheet, linked so that it does not hold the loading page's paint (appStyles.ts).
  appStylesApplied(),
]);

// Not a top-level await: with one, the build split the first script into three times as many files.
// The first render is a transition: React then renders in slices of a few milliseconds and keeps the
// page responsive, instead of one long task (on a phone's CPU, Lighthouse counted ~0.5 s of blocking
// time per screen from it). Nothing is on the page yet, so nothing waits on it.
void openingScreen.then(() => startTransition(() => createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <AppRoutes />
    </Providers>
  </StrictMode>,
)));
