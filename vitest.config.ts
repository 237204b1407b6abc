import { defineConfig } from 'vitest/config';

// Two projects: pure unit tests (domain rules, editor engine) need nothing; API tests start one
// embedded PostgreSQL cluster for the whole run (global setup) and give each file its own database.
// Browser journeys live in e2e/ and run under Playwright.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/domain/**/*.test.ts', 'src/web/**/*.test.ts', 'scripts/**/*.test.ts'],
          // The editor engine's checks use the drawing's schemas, which the app loads after the editor's
          // first render (src/web/floorplan/engine/drawingSchemas.ts); the tests have them from the start.
          setupFiles: ['src/web/floorplan/engine/drawingSchemas.setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts'],
          globalSetup: ['src/server/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
