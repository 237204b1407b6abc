import { expect, type Page } from '@playwright/test';
import { adminTest as test } from './fixtures.js';
import { createOwnSiteAndLocation, expectNoSeriousA11yViolations } from './helpers.js';

// Issue 23: an admin turns a room's free/busy feed on, copies its secret addresses, rotates them
// (the old ones stop at once) and turns the feed off, from the room's settings. A room of each test's
// own (at a site of its own), so the demo rooms stay as other specs expect.
const SHOTS = process.env.FREE_BUSY_SHOTS;
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function ownRoom(page: Page): Promise<string> {
  const name = `Free-busy ${stamp()}`;
  const { siteId, locationId } = await createOwnSiteAndLocation(page, name);
  const room = await page.request.post('api/rooms', { data: { LocationId: locationId, Name: `${name} room`, RoomType: 0, Capacity: 6 } });
  expect(room.status(), await room.text()).toBe(201);
  return `menu/settings/sites/${siteId}/locations/${locationId}/rooms/${(await room.json()).Id}/edit`;
}

/** What a calendar app gets from an address: status and body (the feed reads no session: the secret is the key). */
async function fetchFeed(page: Page, url: string) {
  const res = await page.request.get(url);
  return { status: res.status(), body: await res.text(), type: res.headers()['content-type'] };
}

/**
 * expectNoSeriousA11yViolations (helpers.ts), limited to this section and its dialogs: the room page
 * holds other features' sections, whose findings are theirs to fix.
 */
const SECTION = '[aria-labelledby="room-free-busy-heading"]';
const expectSectionA11y = (page: Page, where: string, selector = SECTION) => expectNoSeriousA11yViolations(page, where, selector);

const section = (page: Page) => page.getByRole('region', { name: 'Free/busy feed' });

for (const size of [{ name: 'phone', width: 375, height: 812 }, { name: 'desktop', width: 1280, height: 800 }]) {
  test(`an admin turns on, copies, rotates and turns off a room's free/busy feed (${size.name})`, async ({ page, context }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(await ownRoom(page));
    const feed = section(page);
    await expect(feed.getByText('The free/busy feed is off.')).toBeVisible();
    await expectSectionA11y(page, `room free/busy, off (${size.name})`);

    // Turned on by keyboard.
    await feed.getByRole('button', { name: 'Turn on free/busy feed' }).focus();
    await page.keyboard.press('Enter');
    const events = feed.getByRole('textbox', { name: 'Calendar subscription' });
    await expect(events).toHaveValue(/\/hotdesk\/ical\/rooms\/[A-Za-z0-9_-]{43}\.ics$/);
    const first = await events.inputValue();
    await expect(feed.getByRole('textbox', { name: 'Free/busy', exact: true })).toHaveValue(first.replace(/\.ics$/, '.vfb'));
    const answer = await fetchFeed(page, first);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('text/calendar; charset=utf-8');
    expect(answer.body).toContain('BEGIN:VCALENDAR');
    expect((await fetchFeed(page, first.replace(/\.ics$/, '.vfb'))).body).toContain('BEGIN:VFREEBUSY');

    await feed.getByRole('button', { name: 'Copy the calendar subscription address' }).click();
    await expect(feed.getByRole('button', { name: 'Copy the calendar subscription address' })).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    await expectSectionA11y(page, `room free/busy, addresses shown (${size.name})`);
    if (SHOTS) {
      await feed.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/room-freebusy-on-${size.name}.png`, fullPage: true });
    }

    // Rotating asks first; then the old address answers 404 and the new one the feed.
    await feed.getByRole('button', { name: 'Rotate addresses' }).click();
    const confirm = page.getByRole('dialog', { name: 'Rotate the free/busy addresses' });
    await expect(confirm).toBeVisible();
    await expectSectionA11y(page, `rotate confirmation (${size.name})`, '[role="dialog"]');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/room-freebusy-rotate-${size.name}.png` });
    await confirm.getByRole('button', { name: 'Rotate' }).click();
    await expect(events).not.toHaveValue(first);
    const second = await events.inputValue();
    expect((await fetchFeed(page, first)).status).toBe(404);
    expect((await fetchFeed(page, second)).status).toBe(200);

    // After a reload the addresses are not shown again: only that the feed is on.
    await page.reload();
    await expect(section(page).getByText(/^On since /)).toBeVisible();
    await expect(section(page).getByRole('textbox')).toHaveCount(0);
    if (SHOTS) {
      await section(page).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/room-freebusy-since-${size.name}.png`, fullPage: true });
    }

    await section(page).getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('dialog', { name: 'Turn off the free/busy feed' }).getByRole('button', { name: 'Turn off' }).click();
    await expect(section(page).getByText('The free/busy feed is off.')).toBeVisible();
    expect((await fetchFeed(page, second)).status).toBe(404);
  });
}

test('the section shows its loading state, and a failed read with "Try again"', async ({ page }) => {
  const editPage = await ownRoom(page);
  let fail = true;
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => { release = r; });
  await page.route('**/api/rooms/*/freeBusyFeed', async (route) => {
    await held;
    if (fail) await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ Error: 'The database cannot be reached.', Code: 'UNAVAILABLE' }) });
    else await route.continue();
  });
  await page.goto(editPage);
  await expect(section(page).getByRole('status', { name: 'Loading the free/busy feed' })).toBeVisible();
  release();
  const alert = section(page).getByRole('alert');
  // react-query retries once or more before it gives up; the alert comes when it has.
  await expect(alert).toContainText('Unable to load the free/busy feed', { timeout: 30_000 });
  await expect(alert).toContainText('The database cannot be reached.');
  await expect(section(page).getByRole('button', { name: 'Turn on free/busy feed' })).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/room-freebusy-error-desktop.png`, fullPage: true });
  fail = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(section(page).getByText('The free/busy feed is off.')).toBeVisible();
});
