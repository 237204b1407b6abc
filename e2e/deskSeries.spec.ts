import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInAs } from './helpers.js';
import { apiAs, unique } from './myBookingsKit.js';

// Repeating desk bookings from the desk screen (issue 22). London HQ, Floor 1 (floorplan 1; GMT in
// February, wall clock = UTC). Mondays of February 2031, desk D10 and Max Manager: no other spec
// books them, so the only clash is the one this test makes.

test.use({ viewport: { width: 1280, height: 800 } });
// Outside test-results, which every Playwright run (any helper's) empties first.
const SCREENS = process.env.SERIES_SCREENS ?? '/tmp/series-screens';

const FLOORPLAN = 1;
const DESK = 'D10';
const bookingPath = (day: string, from: string, to: string) => `menu/book/desk/${day}T${from}/${day}T${to}/1/1/${FLOORPLAN}`;
const occurrence = (page: Page, day: RegExp) => page.getByRole('region', { name: 'Dates' }).getByRole('listitem').filter({ hasText: day });

/** Screenshots of `target` at 1280x800 and at 375x812 (`name`-phone), checking nothing runs off the phone's side; back at 1280x800. */
async function shotAtBothSizes(page: Page, target: Locator, name: string) {
  await target.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/${name}.png` });
  await page.setViewportSize({ width: 375, height: 812 });
  await target.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SCREENS}/${name}-phone.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('book a weekly desk series with one clash skipped', async ({ page, baseURL }) => {
  // Someone else has D10 on the third Monday.
  const other = await apiAs(baseURL!, 'reports');
  try {
    const res = await other.post('api/bookings/desk', { data: { Start: '2031-02-17T10:00:00+00:00', Finish: '2031-02-17T11:00:00+00:00', FloorplanId: FLOORPLAN, DeskId: DESK } });
    expect(res.status(), await res.text()).toBe(201);
  } finally {
    await other.dispose();
  }

  await signInAs(page, 'manager');
  await page.goto(bookingPath('2031-02-03', '09:00', '12:00'));
  await expect(page.getByRole('heading', { level: 1, name: 'Desk booking' })).toBeVisible();
  await page.getByLabel(/free desks?: choose one/).selectOption(DESK);
  const form = page.getByRole('form', { name: 'Book the desk' });
  await expect(form.getByRole('button', { name: 'Save' })).toBeEnabled();
  await form.getByLabel('Repeat').selectOption('Weekly');
  await form.getByLabel('Number of times', { exact: true }).fill('4');
  await expect(form.getByText('Every week on Monday, 4 times')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the desk form with Repeat on');
  await form.getByLabel('Repeat').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/desk-series-1-form.png` });

  await form.getByRole('button', { name: 'Check dates' }).click();
  await expect(occurrence(page, /17 February 2031/)).toContainText('Taken');
  await expect(occurrence(page, /17 February 2031/).getByRole('checkbox')).toBeDisabled();
  await expect(occurrence(page, /3 February 2031/)).toContainText('Free');
  await expectNoSeriousA11yViolations(page, 'the preview of a desk series');
  await shotAtBothSizes(page, page.getByRole('region', { name: 'Dates' }), 'desk-series-2-preview');

  await form.getByRole('button', { name: 'Book 3 occurrences' }).click();
  const done = page.getByRole('dialog', { name: /^3 occurrences of Desk (D)?10 booked$/ });
  await expect(done).toContainText('3 booked; 1 skipped');
  await expect(done).toContainText('Every week on Monday, 4 times');
  await expect(done.getByRole('listitem').filter({ hasText: /17 February 2031/ })).toContainText('Taken');
  await page.screenshot({ path: `${SCREENS}/desk-series-3-booked.png` });
  await done.getByRole('button', { name: 'Done' }).click();
  const mine = await page.request.get(`api/bookings/for/${FLOORPLAN}?start=${encodeURIComponent('2031-02-01T00:00:00Z')}&end=${encodeURIComponent('2031-03-01T00:00:00Z')}`);
  const rows = ((await mine.json()) as { DeskId: string; Start: string; IsMine: boolean }[]).filter((r) => r.DeskId === DESK);
  expect(rows.filter((r) => r.IsMine).map((r) => r.Start.slice(0, 10)).sort()).toEqual(['2031-02-03', '2031-02-10', '2031-02-24']);
});

test('the desk preview says Refused with the rule (the person\'s other desk) and Closed with the closure\'s reason', async ({ page, baseURL }) => {
  // Mondays of April 2031 (BST, wall clock = UTC+1), desk D13, Max Manager: he has D12 on the second
  // Monday, and an admin closes D13 on the third. Only previewed: nothing of the series is booked.
  const manager = await apiAs(baseURL!, 'manager');
  const admin = await apiAs(baseURL!, 'admin');
  const reason = unique('Desk repainting');
  let closureId: number | null = null;
  let other: Record<string, unknown> | null = null;
  try {
    const held = await manager.post('api/bookings/desk', { data: { Start: '2031-04-14T08:00:00Z', Finish: '2031-04-14T11:00:00Z', FloorplanId: FLOORPLAN, DeskId: 'D12' } });
    expect(held.status(), await held.text()).toBe(201);
    other = await held.json();
    const closure = {
      SiteId: 1, Scope: { WholeSite: false, Desks: [{ FloorplanId: FLOORPLAN, DeskId: 'D13' }] },
      Start: '2031-04-21T00:00:00+01:00', End: '2031-04-22T00:00:00+01:00', Reason: reason,
    };
    const preview = await admin.post('api/closures/preview', { data: closure });
    expect(preview.status(), await preview.text()).toBe(200);
    const created = await admin.post('api/closures', { data: { ...closure, Token: (await preview.json()).Token } });
    expect(created.status(), await created.text()).toBeLessThan(300);
    closureId = (await created.json()).Closures[0].Id as number;

    await signInAs(page, 'manager');
    await page.goto(bookingPath('2031-04-07', '09:00', '12:00'));
    await expect(page.getByRole('heading', { level: 1, name: 'Desk booking' })).toBeVisible();
    await page.getByLabel(/free desks?: choose one/).selectOption('D13');
    const form = page.getByRole('form', { name: 'Book the desk' });
    await form.getByLabel('Repeat').selectOption('Weekly');
    await form.getByLabel('Number of times', { exact: true }).fill('4');
    await form.getByRole('button', { name: 'Check dates' }).click();
    await expect(occurrence(page, /7 April 2031/)).toContainText('Free');
    const refused = occurrence(page, /14 April 2031/);
    await expect(refused).toContainText('Refused');
    await expect(refused).toContainText('You already have a desk booked then.');
    await expect(refused.getByRole('checkbox')).toBeDisabled();
    const closed = occurrence(page, /21 April 2031/);
    await expect(closed).toContainText('Closed');
    await expect(closed).toContainText(reason);
    await expect(closed.getByRole('checkbox')).toBeDisabled();
    await expect(occurrence(page, /28 April 2031/)).toContainText('Free');
    await expect(form.getByRole('button', { name: 'Book 2 occurrences' })).toBeEnabled();
    await expectNoSeriousA11yViolations(page, 'a desk series preview with refused and closed days');
    await shotAtBothSizes(page, page.getByRole('region', { name: 'Dates' }), 'desk-series-4-refused-closed');
  } finally {
    // Leave the shared server as found, so the test can run again.
    if (closureId !== null) expect((await admin.delete(`api/closures/${closureId}`)).status()).toBe(204);
    if (other) await manager.delete('api/bookings', { data: { ...other, CancellationReason: '', CancelledByAdmin: false } });
    await manager.dispose();
    await admin.dispose();
  }
});

test.describe('the Repeat choices\' own file', () => {
  // No service worker: it takes chunk requests through its cache, where page.route does not see them
  // (as in loadingStates.spec.ts).
  test.use({ serviceWorkers: 'block' });

  test('the Repeat choices say they are loading while their file is on its way', async ({ page }) => {
    // The choices are their own file (RepeatDetails), asked for once a desk is chosen. Held here, then
    // let through: the form says it is loading meanwhile. Nothing is booked.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/RepeatDetails-*.js', async (route) => {
      await held;
      await route.continue();
    });
    try {
      await signInAs(page, 'manager');
      await page.goto(bookingPath('2031-03-03', '09:00', '12:00'));
      await page.getByLabel(/free desks?: choose one/).selectOption(DESK);
      const form = page.getByRole('form', { name: 'Book the desk' });
      await form.getByLabel('Repeat').selectOption('Weekly');
      const loading = form.getByRole('status').filter({ hasText: 'Loading the repeat options…' });
      await expect(loading).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'the desk form while the repeat options load');
      await shotAtBothSizes(page, loading, 'desk-series-0-loading');
    } finally {
      // Never leave the file held, whatever failed above: the page must be able to close.
      release();
    }
    await expect(page.getByRole('form', { name: 'Book the desk' }).getByLabel('Number of times', { exact: true })).toBeVisible();
    await expect(page.getByText('Loading the repeat options…')).toHaveCount(0);
  });

  test('when the Repeat choices\' file cannot be loaded the form says so, books one time, and tries again on the next choice', async ({ page }) => {
    // One page only (a second page of the same browser context once hung in CI's axe run).
    await page.route('**/RepeatDetails-*.js', (route) => route.abort('connectionrefused'));
    await signInAs(page, 'manager');
    await page.goto(bookingPath('2031-03-03', '09:00', '12:00'));
    await page.getByLabel(/free desks?: choose one/).selectOption(DESK);
    const form = page.getByRole('form', { name: 'Book the desk' });
    await form.getByLabel('Repeat').selectOption('Weekly');
    const alert = form.getByRole('alert');
    await expect(alert).toHaveText(/The repeat options could not be loaded\. Check the connection and reload the page/);
    // "Check dates" would check the usual weekly rule: the form says which.
    await expect(form.getByText(/^Repeats: Every week on Monday/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the desk form when the repeat options failed to load');
    await shotAtBothSizes(page, alert, 'desk-series-0-failed');
    // The one-off booking still works.
    await form.getByLabel('Repeat').selectOption('None');
    await expect(alert).toHaveCount(0);
    await expect(form.getByRole('button', { name: 'Save' })).toBeEnabled();
    // The connection is back (slowly): choosing a repeat again is a new try, which says it is loading
    // (not the old failure), then shows the choices.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.unroute('**/RepeatDetails-*.js');
    await page.route('**/RepeatDetails-*.js', async (route) => {
      await held;
      await route.continue();
    });
    try {
      await form.getByLabel('Repeat').selectOption('Weekly');
      await expect(form.getByRole('status').filter({ hasText: 'Loading the repeat options…' })).toBeVisible();
      await expect(alert).toHaveCount(0);
    } finally {
      release();
    }
    await expect(form.getByLabel('Number of times', { exact: true })).toBeVisible();
    await expect(alert).toHaveCount(0);
  });
});
