import { defineConfig, devices } from '@playwright/test';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Browser journeys run against the real server with its embedded PostgreSQL and the demo
// organisation, under a base path (/hotdesk) so every page and call proves it honours PUBLIC_URL.
const PORT = 8181;
const ORIGIN = `http://localhost:${PORT}`;
const BASE_URL = `${ORIGIN}/hotdesk/`;

// A fresh data folder per run. When run as root, PostgreSQL runs as another user, which must be
// able to enter the folder: hence mode 755. Workers load this config too but never start the
// server (TEST_WORKER_INDEX is set in them), so only the main process makes a folder.
function freshDataDir(): string {
  if (process.env.TEST_WORKER_INDEX !== undefined) return '';
  const dir = mkdtempSync(join(tmpdir(), 'hotdesk-e2e-'));
  chmodSync(dir, 0o755);
  return dir;
}
const dataDir = freshDataDir();

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  },
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // Limits, not measurements: speed is measured in bench/. CI machines here have been seen with
  // 40-50% of their CPU stolen by the host (vmstat's st), when every journey took three times as long;
  // these leave room for that.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: BASE_URL,
    // The browser's language decides how dates read (src/domain/dateFormat.ts); the demo organisation is
    // in London, and the journeys expect British dates whatever the host's own language is.
    locale: 'en-GB',
    contextOptions: { reducedMotion: 'reduce' },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // Specs share one server. Tests tagged @global change organisation-wide settings (maintenance mode)
  // or a demo person's roles for a while, so they run in a project of their own after every other test
  // has finished, one at a time (they would disturb each other too).
  projects: [
    { name: 'chromium', grepInvert: /@global/, use: chromium },
    { name: 'global-settings', grep: /@global/, dependencies: ['chromium'], use: chromium, workers: 1 },
  ],
  webServer: {
    command: 'node scripts/build-web-if-needed.mjs && npx tsx src/server/main.ts --demo',
    url: `${ORIGIN}/hotdesk/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      HOTDESK_DATA_DIR: dataDir,
      PORT: String(PORT),
      PUBLIC_URL: `${ORIGIN}/hotdesk`,
    },
  },
});
