import { expect, test, type APIRequestContext } from '@playwright/test';
import { clickDesk } from './deskOnScreen.js';
import { expectNoSeriousA11yViolations, openLondonRoomCalendar, signInAs } from './helpers.js';
import { apiAs, LONDON, newRoom, unique } from './myBookingsKit.js';

// Closures on the booking screens (issue 22): a closed desk on the map (grey with a padlock, "Closed:
// reason", not bookable), a closed floor (the map's banner, every desk closed, the date strip's day
// marked), the room calendar's closed day and closed hours (hatched, named, refused), and Find room
// marking a closed room. Specs share one server: the days are this spec's own (February 2031, GMT, so
// the site clock is UTC), the room is its own, and the closures are deleted at the end.
test.use({ timezoneId: 'Europe/London' });
test.describe.configure({ timeout: 180_000 });

// Outside test-results: another spec's run clears that folder (the screenshots are looked at after the run).
const SCREENS = process.env.CLOSURE_SCREENS ?? '/tmp/closure-screens';
const DESK_DAY = '2031-02-11'; // Tuesday: desk D3 closed 09:00-17:00
const FLOOR_DAY = '2031-02-12'; // Wednesday: the whole of Floor 1 closed
const ROOM_DAY = '2031-02-13'; // Thursday: this spec's room closed 13:00-15:00
const deskPath = (day: string) => `menu/book/desk/${day}T09:00/${day}T17:00/${LONDON.siteId}/${LONDON.locationId}/1`;

async function close(admin: APIRequestContext, body: Record<string, unknown>): Promise<number> {
  const preview = await admin.post('api/closures/preview', { data: body });
  expect(preview.status(), await preview.text()).toBe(200);
  const created = await admin.post('api/closures', { data: { ...body, Token: (await preview.json()).Token } });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).Closures[0].Id as number;
}

test('closures show on the desk map, the date strip, the room calendar and Find room', async ({ page, baseURL }) => {
  const admin = await apiAs(baseURL!, 'admin');
  const room = await newRoom(baseURL!, unique('Closed Room'));
  const deskReason = unique('Desk repair');
  const floorReason = unique('Floor deep clean');
  const roomReason = unique('Projector fitting');
  const ids: number[] = [];
  try {
    ids.push(await close(admin, { SiteId: LONDON.siteId, Scope: { WholeSite: false, Desks: [{ FloorplanId: 1, DeskId: 'D3' }] },
      Start: `${DESK_DAY}T09:00:00Z`, End: `${DESK_DAY}T17:00:00Z`, Reason: deskReason }));
    ids.push(await close(admin, { SiteId: LONDON.siteId, Scope: { WholeSite: false, LocationIds: [LONDON.locationId] },
      Start: `${FLOOR_DAY}T00:00:00Z`, End: `${FLOOR_DAY.replace(/12$/, '13')}T00:00:00Z`, Reason: floorReason }));
    ids.push(await close(admin, { SiteId: LONDON.siteId, Scope: { WholeSite: false, RoomIds: [room.Id] },
      Start: `${ROOM_DAY}T13:00:00Z`, End: `${ROOM_DAY}T15:00:00Z`, Reason: roomReason }));

    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs(page, 'staff');

    // The desk map: D3 is closed (drawn and named so), not in the free list, and cannot be booked.
    await page.goto(deskPath(DESK_DAY));
    await expect(page.locator('[data-desk-body="closed"]')).toHaveCount(1);
    await expect(page.locator('[data-marks="closed"]').first()).toBeAttached();
    await expect(page.getByRole('list', { name: 'Desk key' })).toContainText('closed');
    await expect(page.locator('select.free-desk-list option[value="D3"]')).toHaveCount(0);
    await expect(page.locator('select.free-desk-list option[value="D4"]')).toHaveCount(1);
    await clickDesk(page, 1, 'D3');
    await expect(page.locator('[data-desk-panel-state]')).toHaveText(`Closed until Tuesday, 11 February 2031 at 17:00: ${deskReason}`);
    await expect(page.locator('[data-desk-id="D3"]')).toHaveAttribute('aria-label', new RegExp(`^Desk D?3, closed, Closed until .*${deskReason}$`));
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(page.locator('[data-closed-banner]')).toHaveCount(0); // one desk: the floor is open
    await expectNoSeriousA11yViolations(page, 'the desk map with a closed desk');
    await page.screenshot({ path: `${SCREENS}/closures-deskmap-1280.png` });

    // A closed floor: the banner with the reason, every desk closed, no free desk, the day marked in the strip.
    await page.goto(deskPath(FLOOR_DAY));
    const banner = page.locator('[data-closed-banner]');
    await expect(banner).toContainText('This floor is closed at this time');
    await expect(banner).toContainText(`Closed until Thursday, 13 February 2031 at 00:00: ${floorReason}`);
    await expect(page.locator('[data-desk-body]:not([data-desk-body="closed"]):not([data-desk-body="nonBookable"])')).toHaveCount(0);
    await expect(page.getByText('No desks are free at this time.')).toBeVisible();
    const day = page.locator(`[data-day="${FLOOR_DAY}"]`);
    await expect(day).toHaveAttribute('data-closed', 'all-day');
    await expect(day).toHaveAttribute('aria-label', `Wednesday, 12 February 2031, closed: ${floorReason}`);
    await expect(day.locator('[data-closed-mark]')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, 'the desk map of a closed floor');
    await page.screenshot({ path: `${SCREENS}/closures-deskmap-floor-1280.png` });

    // The room calendar: the closed day (Floor 1) and the room's closed hours, hatched and named; choosing one is refused.
    await openLondonRoomCalendar(page, `${room.Name} (Floor 1)`, ROOM_DAY);
    const calendar = page.getByTestId('room-calendar');
    await expect(calendar).toHaveAttribute('data-view', 'week');
    await expect(calendar.getByText(`Closed: ${floorReason}`)).toBeVisible();
    await expect(calendar.getByText(`Closed: ${roomReason}`)).toBeVisible();
    const floorSlot = calendar.locator(`[data-slot="${FLOOR_DAY}T10:00"]`);
    await expect(floorSlot).toHaveClass(/hd-closed/);
    await expect(floorSlot).toHaveAttribute('aria-label', new RegExp(`10:00.10:30, closed: ${floorReason}$`));
    await expect(calendar.locator(`[data-slot="${ROOM_DAY}T13:30"]`)).toHaveClass(/hd-closed/);
    await expect(calendar.locator(`[data-slot="${ROOM_DAY}T15:00"]`)).not.toHaveClass(/hd-closed/);
    await expect(calendar.locator('.rbc-day-slot.hd-closed, .rbc-time-column.hd-closed')).toHaveCount(0); // Tuesday stays open
    await expect(calendar.locator(`[data-slot="${DESK_DAY}T10:00"]`)).not.toHaveClass(/hd-closed/); // a desk's closure is not the room's
    await floorSlot.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText(`Closed until Thursday, 13 February 2031 at 00:00: ${floorReason}. Choose another time.`);
    await expect(page.getByRole('dialog')).toHaveCount(0); // no booking form
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expectNoSeriousA11yViolations(page, 'the room calendar with closed times');
    await page.screenshot({ path: `${SCREENS}/closures-roomcalendar-1280.png`, fullPage: true });

    // Find room: the room is listed as closed, without Book.
    await page.getByRole('tab', { name: 'Find room by date/time' }).click();
    await page.getByLabel('Date', { exact: true }).fill(ROOM_DAY);
    await page.getByLabel('Date', { exact: true }).press('Escape');
    const row = page.getByRole('row').filter({ hasText: room.Name });
    await expect(row).toContainText(`Closed: ${roomReason}`);
    await expect(row.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('row').filter({ has: page.getByRole('button', { name: /^(Book|Request) / }) }).first()).toBeVisible();

    // A phone: the map with the closed desk (its sheet says why) and the room calendar's closed day.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(deskPath(DESK_DAY));
    await expect(page.locator('[data-desk-body="closed"]')).toHaveCount(1);
    await page.getByRole('heading', { name: 'Floorplan' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/closures-deskmap-375.png` });
    await clickDesk(page, 1, 'D3');
    await expect(page.locator('[data-desk-sheet] [data-desk-panel-state]')).toContainText(deskReason);
    await expectNoSeriousA11yViolations(page, 'the desk map with a closed desk on a phone');
    await page.screenshot({ path: `${SCREENS}/closures-deskmap-375-sheet.png` });
    await openLondonRoomCalendar(page, `${room.Name} (Floor 1)`, FLOOR_DAY);
    await expect(calendar).toHaveAttribute('data-view', 'day');
    await expect(calendar.locator(`[data-slot="${FLOOR_DAY}T09:00"]`)).toHaveClass(/hd-closed/);
    await expectNoSeriousA11yViolations(page, 'the room calendar on a phone');
    await page.screenshot({ path: `${SCREENS}/closures-roomcalendar-375.png` });
  } finally {
    for (const id of ids) await admin.delete(`api/closures/${id}`);
    await admin.dispose();
  }
});
