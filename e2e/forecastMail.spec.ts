import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInAs } from './helpers.js';
import { SCREENS, unique } from './myBookingsKit.js';

const SHOTS = process.env['SCREENS_DIR'] ?? SCREENS;

// The "Daily forecast mail" section of a site's page (issue 25, Admin). A site of this spec's own: one
// without a notification address says nothing is sent; with one, the switch is saved and kept.
for (const size of [{ width: 1280, height: 800, name: 'desktop' }, { width: 375, height: 812, name: 'phone' }]) {
  test(`an admin turns a site's forecast mail on at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize(size);
    await signInAs(page, 'admin');
    const make = async (email: string) => {
      const res = await page.request.post('api/sites', { data: {
        Title: unique('Forecast'), TimeZone: 'Europe/London', NotificationEmail: email, DeskBookingEnabled: false, RoomBookingEnabled: false,
      } });
      expect(res.status(), await res.text()).toBeLessThan(300);
      return (await res.json()).Id as number;
    };
    const section = () => page.getByRole('region', { name: 'Daily forecast mail' });

    await page.goto(`menu/settings/sites/${await make('')}/edit`);
    await expect(section().getByRole('status')).toContainText('no notification address that can receive mail');

    const siteId = await make('catering@example.org');
    await page.goto(`menu/settings/sites/${siteId}/edit`);
    await expect(section().getByText('Sent to catering@example.org.')).toBeVisible();
    await expect(section()).toContainText('at 06:00 site time (Europe/London)');
    const toggle = section().getByRole('switch', { name: 'Mail the daily forecast' });
    await expect(toggle).not.toBeChecked();
    await toggle.check();
    await section().getByRole('button', { name: 'Save forecast mail', exact: true }).click();
    await expect(page.getByText('Forecast mail setting saved')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `site page with the forecast mail (${size.name})`);
    await section().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/forecast-mail-${size.name}.png`, fullPage: true });
    await page.reload();
    await expect(section().getByRole('switch', { name: 'Mail the daily forecast' })).toBeChecked();
    expect((await (await page.request.get(`api/sites/${siteId}/forecast-mail`)).json()).Enabled).toBe(true);
  });
}
