import { expect } from '@playwright/test';
import { adminTest as test } from './fixtures.js';
import { chooseOption, createOwnSiteAndLocation, expectNoSeriousA11yViolations } from './helpers.js';
import { SCREENS, unique } from './myBookingsKit.js';

// A site's door display dim hours (issue 24 leftovers), on the site's edit page: the default shown,
// own hours saved, the same start and end refused on screen, dimming turned off; axe-clean at 1280 and
// 375 px. A site of this spec's own, so no other spec's displays change.
const SHOTS = process.env['SCREENS_DIR'] ?? SCREENS;

for (const size of [{ width: 1280, height: 800, name: 'desktop' }, { width: 375, height: 812, name: 'phone' }]) {
  test(`dim hours on the site page at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto('menu');
    const { siteId } = await createOwnSiteAndLocation(page, unique('Dim'));
    await page.goto(`menu/settings/sites/${siteId}/edit`);
    const section = page.getByRole('region', { name: 'Door display dim hours' });
    await expect(section.getByRole('switch', { name: 'Door displays dim at night' })).toBeChecked({ timeout: 20_000 });
    await expect(section.getByRole('combobox', { name: 'Dim from' })).toHaveValue('20:00');
    await expect(section.getByRole('combobox', { name: 'Until' })).toHaveValue('07:00');
    await expectNoSeriousA11yViolations(page, `site dim hours (${size.name})`);

    // The same start and end: refused on screen before anything is sent.
    await chooseOption(page, 'Until', '20:00');
    await expect(section.getByText('Choose a different time from the start (or turn dimming off).')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Save dim hours', exact: true })).toBeDisabled();
    await chooseOption(page, 'Dim from', '22:30');
    await chooseOption(page, 'Until', '06:00');
    await section.getByRole('button', { name: 'Save dim hours', exact: true }).click();
    await expect(page.getByText('Dim hours saved')).toBeVisible();
    expect((await page.request.get(`api/sites/${siteId}/display-dim`)).ok()).toBe(true);
    expect(await (await page.request.get(`api/sites/${siteId}/display-dim`)).json()).toEqual({ Dims: true, FromMinutes: 1350, ToMinutes: 360, IsDefault: false });
    await page.screenshot({ path: `${SHOTS}/site-dim-hours-${size.name}.png`, fullPage: true });

    await section.getByRole('switch', { name: 'Door displays dim at night' }).uncheck();
    await expect(section.getByRole('combobox', { name: 'Dim from' })).toHaveCount(0);
    await section.getByRole('button', { name: 'Save dim hours', exact: true }).click();
    await expect.poll(async () => (await (await page.request.get(`api/sites/${siteId}/display-dim`)).json()).Dims).toBe(false);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Door display dim hours' }).getByRole('switch', { name: 'Door displays dim at night' })).not.toBeChecked({ timeout: 20_000 });
    await expectNoSeriousA11yViolations(page, `site dim hours off (${size.name})`);
  });
}
