import { expect, test, type Locator, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectNoSeriousA11yViolations } from './helpers.js';

// A newcomer's first run, end to end: `npm start` (its own server process, not the shared demo one) on
// an EMPTY data folder made by mkdtemp and used as it is (mode 0700; as root, PostgreSQL runs as another
// user and must still be able to enter it), the one-time setup link it prints, the setup form typed
// into key by key, sign-out, sign-in through the form, and Settings. Served under a base path of its own.

const PORT = 8191;
const ORIGIN = `http://localhost:${PORT}`;
const BASE = `${ORIGIN}/first-run`;
const ADMIN = { email: 'first.admin@example.org', name: 'Fiona First', password: 'a long first password' };

let server: ChildProcess | undefined;
let exited: Promise<number | null> | undefined;
let output = '';
let dataDir = '';
let startMs = 0;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), 'hotdesk-first-run-'));
  expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  const env: NodeJS.ProcessEnv = { ...process.env, HOTDESK_DATA_DIR: dataDir, PORT: String(PORT), PUBLIC_URL: BASE, LOG_LEVEL: 'warn' };
  for (const name of ['DATABASE_URL', 'HOTDESK_ADMIN_EMAIL', 'HOTDESK_ADMIN_PASSWORD', 'OIDC_ISSUER', 'TEST_WORKER_INDEX']) delete env[name];
  const started = Date.now();
  // What `npx tsx src/server/main.ts` runs, without npx's wrapper processes, so SIGINT reaches the app itself.
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout!.on('data', (d) => { output += d; });
  server.stderr!.on('data', (d) => { output += d; });
  exited = new Promise((resolve) => server!.on('exit', (code) => resolve(code)));
  await expect.poll(() => /\/setup\?token=\S+/.test(output) || server!.exitCode !== null,
    { timeout: 150_000, intervals: [200] }).toBe(true);
  expect(server.exitCode, output).toBeNull();
  startMs = Date.now() - started;
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGINT');
    const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 30_000))]);
    if (code === 'timeout') server.kill('SIGKILL');
    expect(code, output).toBe(0);
    expect(output).toContain('Stopped.');
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Types as a person does: click into the field, then one key at a time. */
async function typeInto(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.pressSequentially(text);
  await expect(field).toHaveValue(text);
}

async function screenshots(page: Page, name: string): Promise<void> {
  for (const [w, h] of [[1280, 800], [375, 812]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: test.info().outputPath(`${name}-${w}x${h}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('first run: the printed setup link creates the administrator, who signs in and reaches Settings', async ({ page }) => {
  test.info().annotations.push({ type: 'start-up', description: `setup link printed ${startMs} ms after the process started` });
  console.info(`first run: setup link printed ${startMs} ms after the process started`);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));

  // Every start-up line a newcomer sees: the data folder used as it is, no /var/tmp fallback.
  expect(output).toContain(`Embedded PostgreSQL is running with its data in ${dataDir}/pg`);
  expect(output).not.toContain('/var/tmp');
  const link = /(\S+\/setup\?token=\S+)/.exec(output)![1]!;
  expect(link.startsWith(`${BASE}/setup?token=`)).toBe(true);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up Hotdesk' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/setup');
  await screenshots(page, 'setup-empty');

  const email = page.getByRole('textbox', { name: 'E-mail address' });
  const fullName = page.getByRole('textbox', { name: 'Full name' });
  const password = page.getByRole('textbox', { name: 'Password' });
  await typeInto(email, ADMIN.email);
  await typeInto(fullName, ADMIN.name);
  await typeInto(password, ADMIN.password);
  // The page is still there (typing once blanked it: an event read inside a state updater).
  await expect(page.getByRole('heading', { level: 1, name: 'Set up Hotdesk' })).toBeVisible();
  await expect(email).toHaveValue(ADMIN.email);
  await expect(fullName).toHaveValue(ADMIN.name);
  await screenshots(page, 'setup-filled');
  await page.keyboard.press('Enter');

  // Setup signs the new administrator in.
  await expect(page).toHaveURL(`${BASE}/menu`);
  const userMenu = page.getByRole('button', { name: `User menu for ${ADMIN.name}` });
  await expect(userMenu).toBeVisible();

  // Sign out, and in again through the sign-in form, typing.
  await userMenu.click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/first-run\/login/);
  await typeInto(page.getByRole('textbox', { name: 'E-mail address' }), ADMIN.email);
  await typeInto(page.getByRole('textbox', { name: 'Password' }), ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${BASE}/menu`);
  await expect(page.getByRole('button', { name: `User menu for ${ADMIN.name}` })).toBeVisible();

  // The setup link was one-time: it is spent now.
  const again = await page.request.post(`${BASE}/auth/setup`, {
    data: { token: new URL(link).searchParams.get('token'), email: 'second@example.org', fullName: 'Second', password: 'another long password' },
  });
  expect(again.ok()).toBe(false);

  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(`${BASE}/menu/settings`);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Global Settings' })).toBeVisible();
  await screenshots(page, 'settings');

  expect(errors).toEqual([]);
});
