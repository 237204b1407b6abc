import { expect, test } from '@playwright/test';
import { adminTest } from './fixtures.js';
import { expectNoSeriousA11yViolations } from './helpers.js';
import { SIGNED_IN_PAGES, SIGNED_OUT_PAGES } from './routes.js';

// axe on every page route of SPEC 2.1: no serious or critical violation, and the page landmarks
// (header, nav, main) and one h1 that every screen is built on.

async function expectPageFrame(page: import('@playwright/test').Page) {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
}

for (const path of SIGNED_IN_PAGES) {
  adminTest(`axe: /${path} signed in as admin`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectPageFrame(page);
    await expectNoSeriousA11yViolations(page, `/${path}`);
  });
}

for (const path of SIGNED_OUT_PAGES) {
  test(`axe: /${path} signed out`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // These pages work signed out: none of them may bounce the visitor to sign in.
    if (path !== 'login') expect(new URL(page.url()).pathname).not.toMatch(/\/login$/);
    await expectPageFrame(page);
    await expectNoSeriousA11yViolations(page, `/${path}`);
  });
}

adminTest('axe: home menu and settings at 375 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  for (const path of ['menu', 'menu/settings', 'menu/settings/global']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `/${path} at 375 px`);
  }
});
