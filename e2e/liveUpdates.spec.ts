import { expect, test, type Page } from '@playwright/test';
import { clickDesk } from './deskOnScreen.js';
import { chooseOption, expectNoSeriousA11yViolations, signInAs } from './helpers.js';
import { apiAs, LONDON, newRoom, unique } from './myBookingsKit.js';

// Live updates (issue 24): the approval count on the approver's menu changes without a reload when
// staff request the restricted Boardroom (demo: approver@demo.hotdesk approves it), and the shell shows
// "Offline — reconnecting" while the live channel is down; a desk booked by one person turns taken on
// another's open desk map; a room booking appears on the open Reception View. The fallback polls are
// 60 s (or none), so a change within a few seconds came through the live channel. Its own days
// (2030-07-17, 2031-06-17; the Reception View's is tomorrow); specs share one server. The desk's day is
// in a month no other spec books desks in: it was 2030-08-20 once, and deskMap.spec's "near my team"
// books D5 on a random August 2030 day (CI's run of stop 35 drew that day, and D5 was taken).

// LIVE_SCREENS: keep the screenshots elsewhere (other runs empty test-results/).
const SCREENS = process.env.LIVE_SCREENS ?? 'test-results/screens';

/** The count on the menu's Approve Requests tile (0 when the tile is not shown). */
async function pendingOnMenu(page: Page): Promise<number> {
  const badge = page.getByRole('navigation', { name: 'Home menu' }).getByLabel(/^\d+ pending$/);
  if (await badge.count() === 0) return 0;
  return Number((await badge.getAttribute('aria-label'))!.split(' ')[0]);
}

test('a request appears on the approver’s menu without a reload; the offline mark comes and goes', async ({ page, browser, baseURL }) => {
  await signInAs(page, 'approver');
  const rooms = await (await page.request.get('api/rooms/byApprover')).json() as Array<{ Id: number; Name: string }>;
  const boardroom = rooms.find((r) => r.Name === 'Boardroom')!;
  expect(boardroom).toBeDefined();
  await page.goto('menu');
  await expect(page.getByRole('navigation', { name: 'Home menu' })).toBeVisible();
  // The menu's count comes from its first fetch; let it settle before counting.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const before = await pendingOnMenu(page);

  const staffContext = await browser.newContext({ baseURL });
  const staff = await staffContext.newPage();
  await signInAs(staff, 'staff');
  const made = await staff.request.post('api/bookings/room', { data: {
    RoomId: boardroom.Id, Start: '2030-07-17T13:00:00Z', Finish: '2030-07-17T14:00:00Z', Description: 'Live update check (request)',
  } });
  expect(made.status(), await made.text()).toBe(201);
  const id = (await made.json()).Id as number;
  try {
    await expect.poll(() => pendingOnMenu(page), { timeout: 5000, intervals: [100] }).toBe(before + 1);
    await expect(page.getByText('Offline — reconnecting…')).toHaveCount(0);

    // The channel drops (the server closes this person's oldest stream when a sixth opens: five extra
    // streams are let through) and cannot come back while the route is blocked: the mark shows.
    let letThrough = 5;
    await page.route('**/api/live', (route) => (letThrough-- > 0 ? route.continue() : route.abort()));
    await page.evaluate(() => {
      (window as unknown as { extra: EventSource[] }).extra = Array.from({ length: 5 }, () => new EventSource(`${location.origin}/hotdesk/api/live`));
    });
    const mark = page.getByRole('status').filter({ hasText: 'Offline — reconnecting…' });
    await expect(mark).toBeVisible({ timeout: 10_000 });
    await expectNoSeriousA11yViolations(page, 'the menu with the offline mark');
    await page.screenshot({ path: `${SCREENS}/live-offline-1280.png` });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: `${SCREENS}/live-offline-375.png` });
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.evaluate(() => { for (const s of (window as unknown as { extra: EventSource[] }).extra) s.close(); });
    await page.unroute('**/api/live');
    await expect(mark).toHaveCount(0, { timeout: 20_000 });
  } finally {
    const withdrawn = await staff.request.delete('api/bookings', { data: { Id: id } });
    expect(withdrawn.status()).toBe(200);
    await staffContext.close();
  }
  // The withdrawal is live too: the count goes back.
  await expect.poll(() => pendingOnMenu(page), { timeout: 5000, intervals: [100] }).toBe(before);
});

/** How long a change may take to show: well under the 60 s fallback poll, so only the live channel explains it. */
const LIVE_WITHIN_MS = 5_000;

test('a desk booked by one person shows taken on another person’s open desk map, without a reload', async ({ page, browser, baseURL }) => {
  // Demo floor 1: D1..D18, all bookable but D7 and D14. In the booking view desks are drawn as runs of
  // paths by state; only the desk chosen (the Tab stop) is an element of its own, [data-desk-id].
  const day = '2031-06-17';
  const path = `menu/book/desk/${day}T09:00/${day}T12:30/${LONDON.siteId}/${LONDON.locationId}/1`;
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 'manager');
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Desk booking' })).toBeVisible();
  const freeD5 = page.locator('select.free-desk-list option[value="D5"]');
  await expect(freeD5).toHaveCount(1);
  await clickDesk(page, 1, 'D5');
  const d5 = page.locator('[data-desk-id="D5"]');
  await expect(d5).toHaveAttribute('data-desk-state', 'bookable');
  const reloads: string[] = [];
  page.on('framenavigated', (f) => { if (f === page.mainFrame()) reloads.push(f.url()); });

  const staffContext = await browser.newContext({ baseURL });
  const staff = await staffContext.newPage();
  await signInAs(staff, 'staff');
  const made = await staff.request.post('api/bookings/desk', { data: {
    FloorplanId: 1, DeskId: 'D5', Start: `${day}T08:00:00Z`, Finish: `${day}T11:30:00Z`, Description: 'Live desk check',
  } });
  expect(made.status(), await made.text()).toBe(201);
  const id = (await made.json()).Id as number;
  try {
    await expect(d5).toHaveAttribute('data-desk-state', 'taken', { timeout: LIVE_WITHIN_MS });
    await expect(d5).toHaveAttribute('aria-label', /taken/);
    await expect(freeD5).toHaveCount(0);
    await expect(page.locator('[data-desk-body="taken"]')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, 'the desk map after a live update');
    await page.screenshot({ path: `${SCREENS}/live-deskmap-1280.png` });
  } finally {
    const cancelled = await staff.request.delete('api/bookings', { data: { Id: id } });
    expect(cancelled.status()).toBe(200);
    await staffContext.close();
  }
  // The cancellation is live too: the desk is free again, and the page never reloaded.
  await expect(d5).toHaveAttribute('data-desk-state', 'bookable', { timeout: LIVE_WITHIN_MS });
  await expect(freeD5).toHaveCount(1);
  expect(reloads).toEqual([]);
});

test('a room booking appears on the open Reception View without a reload, and goes when cancelled', async ({ page, baseURL }) => {
  const room = await newRoom(baseURL!, unique('Live Reception'));
  const meeting = unique('Live visitor');
  // Tomorrow in London, 10:00-10:30: always ahead. The Reception View opens on today; Next moves a day.
  const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
  const offset = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${tomorrow}T12:00:00Z`)).find((p) => p.type === 'timeZoneName')!.value.replace(/^GMT$/, 'GMT+00:00').replace('GMT', '');

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 'reception');
  await page.goto('menu/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Reception View' })).toBeVisible();
  if (await page.getByRole('combobox', { name: 'Site' }).inputValue() !== 'London HQ') await chooseOption(page, 'Site', 'London HQ');
  await page.getByRole('button', { name: 'Next' }).click();
  const calendar = page.getByTestId('reception-calendar');
  await expect(calendar).toContainText(room.Name);
  const event = calendar.locator('.rbc-event').filter({ hasText: meeting });
  await expect(event).toHaveCount(0);
  const reloads: string[] = [];
  page.on('framenavigated', (f) => { if (f === page.mainFrame()) reloads.push(f.url()); });

  const staff = await apiAs(baseURL!, 'staff');
  const made = await staff.post('api/bookings/room', { data: {
    RoomId: room.Id, Start: `${tomorrow}T10:00:00${offset}`, Finish: `${tomorrow}T10:30:00${offset}`, Description: meeting,
  } });
  expect(made.status(), await made.text()).toBe(201);
  const id = (await made.json()).Id as number;
  try {
    await expect(event).toBeVisible({ timeout: LIVE_WITHIN_MS });
    await expectNoSeriousA11yViolations(page, 'the Reception View after a live update');
    await page.screenshot({ path: `${SCREENS}/live-reception-1280.png` });
  } finally {
    const cancelled = await staff.delete('api/bookings', { data: { Id: id } });
    expect(cancelled.status()).toBe(200);
    await staff.dispose();
  }
  await expect(event).toHaveCount(0, { timeout: LIVE_WITHIN_MS });
  expect(reloads).toEqual([]);
});
