import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInAs } from './helpers.js';
import { apiAs, SCREENS } from './myBookingsKit.js';

// Repeating desk bookings from the desk screen (issue 22). London HQ, Floor 1 (floorplan 1; GMT in
// February, wall clock = UTC). Mondays of February 2031, desk D10 and Max Manager: no other spec
// books them, so the only clash is the one this test makes.

test.use({ viewport: { width: 1280, height: 800 } });

const FLOORPLAN = 1;
const DESK = 'D10';
const bookingPath = (day: string, from: string, to: string) => `menu/book/desk/${day}T${from}/${day}T${to}/1/1/${FLOORPLAN}`;
const occurrence = (page: Page, day: RegExp) => page.getByRole('region', { name: 'Dates' }).getByRole('listitem').filter({ hasText: day });

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
  await page.getByRole('region', { name: 'Dates' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/desk-series-2-preview.png` });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('region', { name: 'Dates' }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SCREENS}/desk-series-2-preview-phone.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

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
