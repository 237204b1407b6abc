import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInAs } from './helpers.js';
import { apiAs, SCREENS } from './myBookingsKit.js';
import { SIGNED_IN_PAGES } from './routes.js';

// Issue 20, point 6: one way to write dates and times. No page may show the browser's own date or
// time inputs (they follow the browser's settings, not the app's format) nor an unformatted ISO
// date (2030-01-07) in its text or in a field. Every signed-in route, as the demo admin with a desk
// and a room booking on the routes' day, on a desktop and on a phone.

const SIZES = [{ name: 'desktop', width: 1280, height: 800 }, { name: 'phone', width: 375, height: 812 }] as const;
const NATIVE_TYPES = ['date', 'time', 'datetime-local', 'month', 'week'];
const ISO_DAY = /\b\d{4}-\d{2}-\d{2}\b/;

/** Everything on the page that breaks the rule, in words (empty when the page is clean). */
async function dateProblems(page: Page): Promise<string[]> {
  return page.evaluate(({ iso, native }) => {
    const isoDay = new RegExp(iso);
    const shown = (el: Element) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    const name = (el: Element) => `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}>`;
    const problems: string[] = [];
    for (const input of document.querySelectorAll('input')) {
      if (native.includes(input.type)) problems.push(`native <input type="${input.type}"> labelled "${input.labels?.[0]?.textContent?.trim() ?? ''}"`);
      else if (input.type !== 'hidden' && shown(input) && isoDay.test(input.value)) problems.push(`ISO date in the field ${name(input)}: "${input.value}"`);
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = n.textContent ?? '';
      if (!el || el.closest('script, style, noscript, template') || !isoDay.test(text) || !shown(el)) continue;
      problems.push(`ISO date in ${name(el)}: "${text.trim().slice(0, 100)}"`);
    }
    return problems;
  }, { iso: ISO_DAY.source, native: NATIVE_TYPES });
}

/** Waits for a route's first content: its heading, and no loader left. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0, { timeout: 5_000 }).catch(() => { /* a page that keeps a spinner is judged as it is */ });
}

test.beforeEach(async ({ page }) => {
  await signInAs(page, 'admin');
});

test.beforeAll(async ({ baseURL }) => {
  // The routes' day (e2e/routes.ts): 7 January 2030, London (+00:00). Both made once per server;
  // a second run against the same server finds them taken (409), which is as good.
  const admin = await apiAs(baseURL!, 'admin');
  try {
    const desk = await admin.post('api/bookings/desk', {
      data: { FloorplanId: 1, DeskId: 'D12', Start: '2030-01-07T09:00:00+00:00', Finish: '2030-01-07T17:00:00+00:00' },
    });
    expect([200, 201, 409], await desk.text()).toContain(desk.status());
    const room = await admin.post('api/bookings/room', {
      data: { RoomId: 1, Start: '2030-01-07T10:00:00+00:00', Finish: '2030-01-07T11:00:00+00:00', Description: 'Date format review' },
    });
    expect([200, 201, 409], await room.text()).toContain(room.status());
  } finally {
    await admin.dispose();
  }
});

for (const size of SIZES) {
  test(`no native date input or ISO date on any signed-in page (${size.name} ${size.width}x${size.height})`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const found: string[] = [];
    for (const path of SIGNED_IN_PAGES) {
      await page.goto(path);
      await settle(page);
      // A signed-out page has no dates to judge: the sweep must really see the signed-in screens.
      expect(new URL(page.url()).pathname, `/${path}`).not.toMatch(/\/login$/);
      for (const p of await dateProblems(page)) found.push(`/${path}: ${p}`);
    }
    expect(found).toEqual([]);
  });
}

test('dates on the booking pages follow the shared format (en-GB)', async ({ page }) => {
  await page.goto('menu/mybookings');
  await settle(page);
  // The desk booking of the routes' day, long on a desktop...
  await expect(page.locator('[data-booking-id]').filter({ hasText: 'Desk 12' }).first()).toContainText(/Monday,? 7 January 2030,? 09:00\s?–\s?17:00/);
  // ...and short under 768 px (SPEC 2.10).
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.locator('[data-booking-id]').filter({ hasText: 'Desk 12' }).first()).toContainText(/Mon,? 7 Jan 2030,? 09:00\s?–\s?17:00/);
});

for (const size of SIZES) {
  test(`the date picker: typed and picked, in the locale, axe-clean (${size.name})`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('menu/settings/reporting');
    await settle(page);
    const from = page.getByRole('textbox', { name: 'From' });
    // Typed in the locale's digit order, shown back the same way.
    await from.fill('03/01/2030');
    await page.getByRole('heading', { level: 1 }).click();
    await expect(from).toHaveValue('03/01/2030');
    await expect(page.getByText('Type it as DD/MM/YYYY or pick it from the calendar.').first()).toBeVisible();
    // Picked from the calendar: month names in the locale, Monday first (en-GB).
    await from.click();
    const calendar = page.locator('[data-dates-dropdown]');
    await expect(calendar).toBeVisible();
    await expect(calendar).toContainText('January 2030');
    await expect(calendar.locator('thead th').first()).toHaveText('Mo');
    await page.screenshot({ path: `${SCREENS}/dates-picker-${size.name}.png` });
    await expectNoSeriousA11yViolations(page, `the open date picker (${size.name})`);
    await calendar.getByRole('button', { name: /^10 January 2030/ }).click();
    await expect(from).toHaveValue('10/01/2030');
    // By keyboard: the field takes typing and Escape closes the calendar.
    const to = page.getByRole('textbox', { name: 'To' });
    await to.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('2030-01-31');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await expect(to).toHaveValue('31/01/2030');
    await page.getByRole('button', { name: 'Run report' }).click();
    // The report's heading names the days in the shared format: long on a desktop, short on a phone.
    const heading = size.name === 'desktop'
      ? /^Bookings from Thursday,? 10 January 2030 to Thursday,? 31 January 2030$/
      : /^Bookings from Thu,? 10 Jan 2030 to Thu,? 31 Jan 2030$/;
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/dates-report-${size.name}.png`, fullPage: true });
  });
}

test('the edit dialog picks a day and quarter-hour times in the locale', async ({ page }) => {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('menu/mybookings');
    await settle(page);
    await page.locator('[data-booking-id]').filter({ hasText: 'Desk 12' }).first().getByRole('button', { name: /^Edit booking/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('textbox', { name: 'Date' })).toHaveValue('07/01/2030');
    await expect(dialog.getByRole('combobox', { name: 'Start' })).toHaveValue('09:00');
    await expectNoSeriousA11yViolations(page, `the edit dialog (${size.name})`);
    // The time list: written as the locale writes times; by keyboard, typing filters and Enter picks.
    await dialog.getByRole('combobox', { name: 'End' }).click();
    await expect(page.getByRole('option', { name: '16:45', exact: true })).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/dates-edit-${size.name}.png` });
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('16:30');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('combobox', { name: 'End' })).toHaveValue('16:30');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();
  }
});

test.describe('another browser language', () => {
  test.use({ locale: 'en-US' });
  test('en-US: month-first dates and 12-hour times, on the same site clock', async ({ page }) => {
    await page.goto('menu/mybookings');
    await settle(page);
    await expect(page.locator('[data-booking-id]').filter({ hasText: 'Desk 12' }).first()).toContainText(/Monday,? January 7,? 2030,? 9:00\s?AM\s?–\s?5:00\s?PM/);
    await page.goto('menu/settings/reporting');
    await settle(page);
    const from = page.getByRole('textbox', { name: 'From' });
    await from.fill('01/03/2030');
    await page.getByRole('heading', { level: 1 }).click();
    await expect(from).toHaveValue('01/03/2030');
    await page.getByRole('button', { name: 'Run report' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /^Bookings from Thursday,? January 3,? 2030 to / })).toBeVisible();
    for (const p of await dateProblems(page)) throw new Error(p);
  });
});
