import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInAs } from './helpers.js';
import { apiAs, SCREENS } from './myBookingsKit.js';

const SHOTS = process.env['SCREENS_DIR'] ?? SCREENS;

// Works council mode on the Reporting screen (issue 25). The server refuses per-person data to
// Reporting users while the mode is on; the screen does not offer it to them and says why, and Admins
// keep the export. @global: the mode is organisation-wide, so this runs after the other specs, and the
// settings found at the start are put back after.
let admin: APIRequestContext;
let before: { MinGroupSize: number; WorksCouncilMode: boolean };

test.beforeAll(async ({ baseURL }) => {
  admin = await apiAs(baseURL!, 'admin');
  before = await (await admin.get('api/insights/settings')).json();
  expect((await admin.post('api/insights/settings', { data: { ...before, WorksCouncilMode: true } })).ok()).toBe(true);
});
test.afterAll(async () => {
  await admin.post('api/insights/settings', { data: before });
  await admin.dispose();
});

async function runReport(page: Page) {
  await page.goto('menu/settings/reporting');
  await expect(page.getByRole('heading', { level: 1, name: 'Reporting' })).toBeVisible();
  await page.getByText('Desk', { exact: true }).click();
  await page.getByRole('button', { name: 'Run report', exact: true }).click();
  await expect(page.getByRole('heading', { name: /^Bookings from / })).toBeVisible();
}

const NOTE = 'Works council mode is on: reports per person (a tag of people) and the booking-by-booking CSV export are for Admins only.';

for (const size of [{ width: 1280, height: 800, name: 'desktop' }, { width: 375, height: 812, name: 'phone' }]) {
  test(`a Reporting user sees why there is no export at ${size.width} px, and the server agrees @global`, async ({ page }) => {
    await page.setViewportSize(size);
    await signInAs(page, 'reports');
    await runReport(page);
    await expect(page.getByText(NOTE)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download CSV', exact: true })).toHaveCount(0);
    // What the screen no longer offers is what the server refuses.
    const refused = await page.request.get('api/bookings/export/filter/desk/0/from/2030-01-01/to/2030-01-31');
    expect(refused.status()).toBe(403);
    await expectNoSeriousA11yViolations(page, `reporting in works council mode (${size.name})`);
    await page.screenshot({ path: `${SHOTS}/works-council-reporting-${size.name}.png`, fullPage: true });
  });
}

test('an Admin keeps the export and sees no note @global', async ({ page }) => {
  await signInAs(page, 'admin');
  await runReport(page);
  await expect(page.getByRole('link', { name: 'Download CSV', exact: true })).toBeVisible();
  await expect(page.getByText(NOTE)).toHaveCount(0);
});
