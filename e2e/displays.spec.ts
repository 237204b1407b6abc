import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInAs } from './helpers.js';
import { apiAs, bookRoom, closeNow, LONDON, newRoom, SCREENS, unique } from './myBookingsKit.js';

// Room door displays (issue 24): a tablet pairs with a room through the code it shows (two browser
// contexts: the display and the admin), books the room now and ends the meeting early; it keeps its
// last state with an offline mark when the network drops and shows the fresh state when it is back.
test.use({ timezoneId: 'Europe/London' });
test.describe.configure({ timeout: 180_000 });

/** Screenshots go here (SCREENS_DIR lets a run keep them out of test-results, which every run clears). */
const SHOTS = process.env['SCREENS_DIR'] ?? SCREENS;

const roomSettings = (roomId: number) => `menu/settings/sites/${LONDON.siteId}/locations/${LONDON.locationId}/rooms/${roomId}/edit`;

/** A signed-out tablet context showing /display, and the code it shows. */
async function displayShowingCode(browser: Browser, baseURL: string, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ baseURL, timezoneId: 'Europe/London', viewport, hasTouch: true });
  const page = await context.newPage();
  await page.goto('display');
  await expect(page.getByRole('heading', { name: 'Pair this display' })).toBeVisible();
  const code = (await page.locator('.door-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z0-9]{8}$/);
  return { context, page, code };
}

/** The admin enters the code in the room's settings. */
async function pairFromSettings(admin: Page, roomId: number, code: string) {
  await admin.goto(roomSettings(roomId));
  const section = admin.getByRole('region', { name: 'Door displays' });
  await section.getByRole('textbox', { name: 'Code shown on the display' }).fill(code.toLowerCase());
  await section.getByRole('button', { name: 'Pair display' }).click();
  await expect(section.getByRole('status')).toContainText('Paired');
  await expect(section.getByRole('row')).toHaveCount(2);
  return section;
}

const noScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight && document.documentElement.scrollWidth <= window.innerWidth);

test('a display pairs, books the room now and ends the meeting early; revoked, it shows the pairing screen again', async ({ browser, baseURL, page: admin }) => {
  const room = await newRoom(baseURL!, unique('Door Room'));
  const display = await displayShowingCode(browser, baseURL!);
  await expectNoSeriousA11yViolations(display.page, 'the pairing screen');
  await display.page.screenshot({ path: `${SHOTS}/display-1-pairing-1280x800.png` });

  await signInAs(admin, 'admin');
  const section = await pairFromSettings(admin, room.Id, display.code);
  await expect(section.getByRole('row').nth(1)).toContainText('by Ada Admin');
  await expectNoSeriousA11yViolations(admin, 'the room settings with its door displays');
  await admin.screenshot({ path: `${SHOTS}/display-2-room-settings.png`, fullPage: true });
  await admin.setViewportSize({ width: 375, height: 812 });
  await section.scrollIntoViewIfNeeded();
  expect(await admin.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  await section.screenshot({ path: `${SHOTS}/display-2b-room-settings-phone.png` });
  await admin.setViewportSize({ width: 1280, height: 800 });

  const door = display.page;
  await expect(door.getByRole('heading', { level: 1, name: room.Name })).toBeVisible({ timeout: 15_000 });
  await expect(door.getByTestId('door-word')).toHaveText('Free');
  await expect(door.getByRole('button', { name: /^Book \d+ min/ })).toHaveCount(3);
  await expectNoSeriousA11yViolations(door, 'the door display, free');
  expect(await noScroll(door)).toBe(true);
  await door.screenshot({ path: `${SHOTS}/display-3-free-1280x800.png` });

  await door.getByRole('button', { name: /^Book \d+ min/ }).first().click();
  await expect(door.getByTestId('door-word')).toHaveText('Busy');
  await expect(door.getByRole('status').filter({ hasText: 'Booked.' })).toBeVisible();
  await expect(door.getByTestId('door-now')).toContainText('Booked at the door');
  await expectNoSeriousA11yViolations(door, 'the door display, busy');
  await door.screenshot({ path: `${SHOTS}/display-4-busy-1280x800.png` });
  await door.setViewportSize({ width: 800, height: 1280 });
  expect(await noScroll(door)).toBe(true);
  await door.screenshot({ path: `${SHOTS}/display-5-busy-800x1280.png` });

  // End now asks for a second tap.
  await door.getByRole('button', { name: 'End now' }).click();
  await door.getByRole('button', { name: 'Tap again to end the meeting' }).click();
  await expect(door.getByTestId('door-word')).toHaveText('Free');
  await door.screenshot({ path: `${SHOTS}/display-6-ended-800x1280.png` });

  // A closure of the room now: the door says Closed with the reason and offers no booking.
  const reopen = await closeNow(baseURL!, LONDON.siteId, { RoomIds: [room.Id] }, 'New screen being fitted');
  try {
    await door.reload(); // a closure with no booking to cancel sends no live event; the 30-second refresh would show it too
    await expect(door.getByTestId('door-word')).toHaveText('Closed');
    await expect(door.getByTestId('door-now')).toHaveText('New screen being fitted');
    await expect(door.getByRole('button', { name: /^Book \d+ min/ })).toHaveCount(0);
    await expect(door.getByText('The room is closed: New screen being fitted')).toBeVisible();
    await expectNoSeriousA11yViolations(door, 'the door display, closed');
    await door.screenshot({ path: `${SHOTS}/display-6b-closed-800x1280.png` });
  } finally {
    await reopen();
  }

  // The admin sees it was seen, and revokes it: the tablet goes back to its pairing screen.
  await admin.reload();
  await expect(section.getByRole('row').nth(1)).not.toContainText('Waiting for the display');
  await section.getByRole('button', { name: /^Revoke/ }).click();
  await expect(section.getByText('No display shows this room.')).toBeVisible();
  await expect(door.getByRole('heading', { name: 'Pair this display' })).toBeVisible({ timeout: 45_000 });
  await display.context.close();
});

test('a display that loses the network keeps its last state with an offline mark, then shows the fresh state', async ({ browser, baseURL, page: admin }) => {
  const room = await newRoom(baseURL!, unique('Door Offline Room'));
  const display = await displayShowingCode(browser, baseURL!, { width: 800, height: 1280 });
  await signInAs(admin, 'admin');
  await pairFromSettings(admin, room.Id, display.code);
  const door = display.page;
  await expect(door.getByTestId('door-word')).toHaveText('Free', { timeout: 15_000 });
  await expect(door.getByTestId('door-offline')).toHaveCount(0);

  await display.context.setOffline(true);
  await expect(door.getByTestId('door-offline')).toBeVisible();
  await expect(door.getByTestId('door-word')).toHaveText('Free'); // the last state stays
  await door.screenshot({ path: `${SHOTS}/display-7-offline-800x1280.png` });

  // Meanwhile someone books the room for now.
  const staff = await apiAs(baseURL!, 'staff');
  await bookRoom(staff, room.Id, -1, 30, 'Stand-up');
  await staff.dispose();

  await display.context.setOffline(false);
  await expect(door.getByTestId('door-word')).toHaveText('Busy', { timeout: 20_000 });
  await expect(door.getByTestId('door-offline')).toHaveCount(0);
  await expect(door.getByText('Stand-up')).toHaveCount(0); // the room does not show titles
  await display.context.close();
});
