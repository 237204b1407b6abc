import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInAs } from './helpers.js';

// Live updates (issue 24): the approval count on the approver's menu changes without a reload when
// staff request the restricted Boardroom (demo: approver@demo.hotdesk approves it), and the shell shows
// "Offline — reconnecting" while the live channel is down. The fallback poll is 60 s, so a change within
// a few seconds came through the live channel. Its own day (2030-07-17); specs share one server.

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
