import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, type Route } from '@playwright/test';

/** The demo organisation's people (src/server/demo/seedDemo.ts); the server prints them with --demo. */
export const DEMO = {
  admin: { email: 'admin@demo.hotdesk', password: 'demo-admin-2026', name: 'Ada Admin' },
  manager: { email: 'manager@demo.hotdesk', password: 'demo-manager-2026', name: 'Max Manager' },
  reports: { email: 'reports@demo.hotdesk', password: 'demo-reports-2026', name: 'Rita Reports' },
  approver: { email: 'approver@demo.hotdesk', password: 'demo-approver-2026', name: 'Alex Approver' },
  reception: { email: 'reception@demo.hotdesk', password: 'demo-reception-2026', name: 'Sam Reception' },
  staff: { email: 'staff@demo.hotdesk', password: 'demo-staff-2026', name: 'Sofia Staff' },
} as const;
export type DemoPerson = keyof typeof DEMO;

/**
 * Signs in through the sign-in form, as a person would. Stays on the sign-in page it was sent to
 * (keeping its returnTo) or opens it, then waits until the app has left it.
 */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  if (!/\/login(\?|$)/.test(page.url())) await page.goto('login');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

export const signInAs = (page: Page, who: DemoPerson) => signIn(page, DEMO[who].email, DEMO[who].password);

/**
 * Fails on serious or critical axe violations (WCAG 2.1 A/AA and best practices), listing each with its elements.
 * `within` narrows the scan to one part of the page (a section or dialog a spec is about).
 */
export async function expectNoSeriousA11yViolations(page: Page, where: string, within?: string): Promise<void> {
  // axe.run in the page itself ("legacy mode"). The default runs each frame apart and then opens a
  // blank page of the same browser context to join the results: one more page per scan, and CI's run of
  // stop 35 hung in a scan with that page open. Hotdesk's pages have no cross-origin frames, the only
  // thing this mode leaves out.
  const builder = new AxeBuilder({ page }).setLegacyMode();
  const results = await (within ? builder.include(within) : builder)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious, `axe violations on ${where}`).toEqual([]);
}

/** The home menu's tiles as shown: label, and whether each is enabled (a link) or disabled. */
export async function readMenuTiles(page: Page): Promise<{ label: string; enabled: boolean }[]> {
  const menu = page.getByRole('navigation', { name: 'Home menu' });
  await expect(menu).toBeVisible();
  return menu.locator('[data-tile]').evaluateAll((els) => els.map((el) => ({
    label: el.querySelector('[data-tile-label]')?.textContent?.trim() ?? '',
    enabled: el.tagName === 'A' && el.getAttribute('aria-disabled') !== 'true',
  })));
}

/**
 * A site and location of the calling test's own, desk and room booking off (so the demo's choices stay
 * as other specs expect), made through the API as the signed-in admin. Titles start with `name`.
 */
export async function createOwnSiteAndLocation(page: Page, name: string): Promise<{ siteId: number; locationId: number }> {
  const site = await page.request.post('api/sites', { data: { Title: `${name} site`, TimeZone: 'Europe/London', DeskBookingEnabled: false, RoomBookingEnabled: false } });
  expect(site.status(), await site.text()).toBeLessThan(300);
  const siteId = (await site.json()).Id as number;
  const location = await page.request.post(`api/locations/site/${siteId}`, { data: { Title: `${name} floor` } });
  expect(location.status(), await location.text()).toBeLessThan(300);
  return { siteId, locationId: (await location.json()).Id as number };
}


/** Picks `option` in the Mantine select labelled `label`. */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The room calendar of `room` at London HQ, showing `day` (typed as YYYY-MM-DD, which the date field accepts). */
export async function openLondonRoomCalendar(page: Page, room: string, day: string): Promise<void> {
  await page.goto('menu/book/meeting/room');
  await expect(page.getByRole('heading', { level: 1, name: 'Book a Meeting Room' })).toBeVisible();
  await chooseOption(page, 'Site', 'London HQ');
  await page.getByRole('tab', { name: 'Specific room availability' }).click();
  await chooseOption(page, 'Room', room);
  await page.getByLabel('Go to date').fill(day);
  await page.getByLabel('Go to date').press('Escape');
  await expect(page.locator(`[data-slot="${day}T10:00"]`).first()).toBeAttached();
}

/**
 * Answers a call with the server's answer changed. A call the page gives up while its answer is read (a
 * refetch that replaces it, say) is left alone: its answer is gone ("Response has been disposed", seen once
 * in CI), and the call that replaces it comes through here too. Any other failure fails the test.
 */
export async function changeAnswer<T>(route: Route, change: (body: T) => unknown): Promise<void> {
  try {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: change(await res.json() as T) });
  } catch (err) {
    if (/disposed|has been closed|aborted/i.test(String(err))) return;
    throw err;
  }
}
