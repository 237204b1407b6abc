import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { makeDesk, makeDrawing } from '../src/domain/layout/testDrawings.js';
import { expectNoSeriousA11yViolations, signInAs } from './helpers.js';
import { apiAs, bookRoom, closeNow, SCREENS, unique } from './myBookingsKit.js';

// Lobby boards (issue 24): a screen pairs with a site through the code it shows (two browser contexts:
// the board and the admin in the site's settings), shows the site's rooms and free desks, turns a room
// busy and a desk count down when bookings are made through the API (no reload), and goes back to its
// pairing screen when revoked. The test builds a site of its own, so other specs' data stays as it was.
test.use({ timezoneId: 'Europe/London' });
test.describe.configure({ timeout: 180_000 });

const SHOTS = process.env['SCREENS_DIR'] ?? SCREENS;

interface OwnSite { siteId: number; name: string; locationId: number; roomId: number; roomName: string; floorplanId: number }

/** A site (desk and room booking on), a location with a room, and a floorplan with desks L-1..L-6 published. */
async function ownSite(baseURL: string): Promise<OwnSite> {
  const admin = await apiAs(baseURL, 'admin');
  try {
    const name = unique('Lobby');
    const site = await admin.post('api/sites', { data: { Title: `${name} site`, TimeZone: 'Europe/London', DeskBookingEnabled: true, RoomBookingEnabled: true } });
    expect(site.status(), await site.text()).toBeLessThan(300);
    const siteId = (await site.json()).Id as number;
    const location = await admin.post(`api/locations/site/${siteId}`, { data: { Title: `${name} floor` } });
    const locationId = (await location.json()).Id as number;
    const roomName = `${name} room`;
    const room = await admin.post('api/rooms', { data: { LocationId: locationId, Name: roomName, RoomType: 0, Capacity: 8, Equipment: 'Screen' } });
    expect(room.status(), await room.text()).toBe(201);
    const created = await admin.post(`api/floorplans/location/${locationId}`, { data: { Name: `${name} plan` } });
    expect(created.status(), await created.text()).toBe(201);
    const { floorplanId, layoutId } = await created.json() as { floorplanId: number; layoutId: number };
    const desks = Array.from({ length: 6 }, (_, i) => makeDesk({ id: `L-${i + 1}`, alias: `L-${i + 1}`, x: 100 + (i % 3) * 80, y: 100 + Math.floor(i / 3) * 80 }));
    const published = await admin.post(`api/floorplans/${floorplanId}/layout/${layoutId}/publish`, { data: makeDrawing({ desks }) });
    expect(published.status(), await published.text()).toBe(200);
    return { siteId, name, locationId, roomId: (await room.json()).Id as number, roomName, floorplanId };
  } finally {
    await admin.dispose();
  }
}

async function bookDeskNow(api: APIRequestContext, floorplanId: number, deskId: string): Promise<number> {
  const start = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const res = await api.post('api/bookings/desk', { data: { FloorplanId: floorplanId, DeskId: deskId, Start: start.toISOString(), Finish: new Date(start.getTime() + 2 * 3_600_000).toISOString() } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).Id as number;
}

const noScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight && document.documentElement.scrollWidth <= window.innerWidth);

test('a lobby board pairs with a site, shows its rooms and free desks live, and returns to pairing when revoked', async ({ browser, baseURL, page: admin }) => {
  const own = await ownSite(baseURL!);
  const context = await browser.newContext({ baseURL, timezoneId: 'Europe/London', viewport: { width: 1280, height: 800 }, hasTouch: true });
  const board = await context.newPage();
  await board.goto('display');
  await expect(board.getByRole('heading', { name: 'Pair this display' })).toBeVisible();
  const code = (await board.locator('.door-code').textContent())!.trim();

  // The admin enters the code in the site's settings, under "Lobby boards".
  await signInAs(admin, 'admin');
  await admin.goto(`menu/settings/sites/${own.siteId}/edit`);
  const section = admin.getByRole('region', { name: 'Lobby boards' });
  await section.getByRole('textbox', { name: 'Code shown on the board' }).fill(code.toLowerCase());
  await section.getByRole('button', { name: 'Pair board', exact: true }).click();
  await expect(section.getByRole('status')).toContainText('Paired');
  await expect(section.getByRole('row')).toHaveCount(2);
  await expect(section.getByRole('row').nth(1)).toContainText('by Ada Admin');
  await expectNoSeriousA11yViolations(admin, 'the site settings with its lobby boards');
  await admin.setViewportSize({ width: 375, height: 812 });
  await section.scrollIntoViewIfNeeded();
  expect(await admin.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  await section.screenshot({ path: `${SHOTS}/lobby-1-site-settings-phone.png` });
  await admin.setViewportSize({ width: 1280, height: 800 });

  // The board: the site, its room (free) and its desks (all free).
  await expect(board.getByRole('heading', { level: 1, name: `${own.name} site` })).toBeVisible({ timeout: 15_000 });
  const room = board.getByTestId(`lobby-room-${own.roomId}`);
  await expect(room).toContainText(own.roomName);
  await expect(room.getByTestId('lobby-room-word')).toHaveText('Free');
  const floor = board.getByTestId(`lobby-floor-${own.floorplanId}`);
  await expect(floor.getByTestId('lobby-free-desks')).toHaveText('6 of 6 desks free');
  await expect(board.getByTestId('lobby-offline')).toHaveCount(0);
  await expectNoSeriousA11yViolations(board, 'the lobby board');
  expect(await noScroll(board)).toBe(true);
  await board.screenshot({ path: `${SHOTS}/lobby-2-free-1280x800.png` });

  // Bookings through the API: the board changes without a reload.
  const staff = await apiAs(baseURL!, 'staff');
  const reports = await apiAs(baseURL!, 'reports');
  const meeting = await bookRoom(staff, own.roomId, -1, 30, 'Quarterly planning');
  const desk = await bookDeskNow(reports, own.floorplanId, 'L-2');
  try {
    await expect(room.getByTestId('lobby-room-word')).toHaveText('Busy', { timeout: 10_000 });
    await expect(floor.getByTestId('lobby-free-desks')).toHaveText('5 of 6 desks free', { timeout: 10_000 });
    await expect(board.getByText('Quarterly planning')).toHaveCount(0); // the room does not show titles
    await expect(board.getByText('Sofia')).toHaveCount(0);
    await expect(board.getByText('Rita')).toHaveCount(0);
    await expectNoSeriousA11yViolations(board, 'the lobby board, busy');
    await board.screenshot({ path: `${SHOTS}/lobby-3-busy-1280x800.png` });
    await board.setViewportSize({ width: 800, height: 1280 });
    await expect(room.getByTestId('lobby-room-word')).toHaveText('Busy');
    expect(await noScroll(board)).toBe(true);
    await expectNoSeriousA11yViolations(board, 'the lobby board, portrait');
    await board.screenshot({ path: `${SHOTS}/lobby-4-busy-800x1280.png` });
  } finally {
    await staff.delete('api/bookings', { data: { Id: meeting.Id } });
    await reports.delete('api/bookings', { data: { Id: desk } });
    await staff.dispose();
    await reports.dispose();
  }

  // The floor closed now (a closure with no booking to cancel sends no live event: the 30-second refresh shows it).
  const reopen = await closeNow(baseURL!, own.siteId, { LocationIds: [own.locationId] }, 'Deep clean');
  try {
    await expect(room.getByTestId('lobby-room-word')).toHaveText('Closed', { timeout: 45_000 });
    await expect(room).toContainText('Closed: Deep clean');
    await expect(floor.getByTestId('lobby-free-desks')).toHaveText('0 of 6 desks free');
    await expect(floor.getByTestId('lobby-floor-closed')).toHaveText('Closed: Deep clean');
    await expect(board.getByTestId('lobby-free-total')).toHaveText('0');
    await expectNoSeriousA11yViolations(board, 'the lobby board, floor closed');
    await board.screenshot({ path: `${SHOTS}/lobby-5-closed-800x1280.png` });
  } finally {
    await reopen();
  }

  // Revoked: the board goes back to its pairing screen.
  await admin.reload();
  await section.getByRole('button', { name: /^Revoke the lobby board/ }).click();
  await expect(section.getByText('No lobby board shows this site.')).toBeVisible();
  await expect(board.getByRole('heading', { name: 'Pair this display' })).toBeVisible({ timeout: 45_000 });
  await context.close();
});
