import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInAs } from './helpers.js';
import { apiAs, newRoom, unique } from './myBookingsKit.js';

// Closures (issue 22): an admin closes a room over two of Sofia Staff's bookings, sees them in the
// preview, confirms, and they are cancelled with the reason (her My Bookings says so); booking the room
// in the closure is refused with the reason. The closure names only a room of this test's own (specs
// share one server), on 16 October 2030 (BST, UTC+1), and is deleted at the end.
test.use({ timezoneId: 'Europe/London', viewport: { width: 1280, height: 800 } });
test.describe.configure({ timeout: 180_000 });

const SHOTS = process.env.CLOSURE_SCREENS ?? '/tmp/closure-screens';
const DAY = '2030-10-16';
const at = (hhmm: string) => `${DAY}T${hhmm}:00+01:00`;

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

test('an admin closes a room over bookings: preview, confirm, the owner sees them cancelled, booking there is refused', async ({ page, browser, baseURL }) => {
  const room = await newRoom(baseURL!, unique('Closure Room'));
  const staff = await apiAs(baseURL!, 'staff');
  const ids: number[] = [];
  for (const [start, finish] of [['10:00', '11:00'], ['14:00', '15:00']] as const) {
    const res = await staff.post('api/bookings/room', { data: { RoomId: room.Id, Start: at(start), Finish: at(finish), Description: 'Planning' } });
    expect(res.status(), await res.text()).toBe(201);
    ids.push((await res.json()).Id as number);
  }
  const reason = unique('Carpet cleaning');

  await signInAs(page, 'admin');
  await page.goto('menu/settings');
  await page.getByRole('link', { name: 'Closures' }).click();
  await expect(page.getByRole('heading', { name: 'Closures', level: 1 })).toBeVisible();
  await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
  // The list starts a month ago; this test's day is years ahead.
  await page.getByRole('textbox', { name: 'Show two years from' }).fill('2030-10-01');
  await page.getByRole('textbox', { name: 'Show two years from' }).press('Escape');

  // Other specs add sites of their own (sorted before it): choose the demo's London HQ, where the room is.
  await choose(page, 'Site', 'London HQ');
  const form = page.getByRole('form', { name: 'New closure' });
  await form.getByText('Some places').click();
  await choose(page, 'Rooms', `${room.Name} (Floor 1)`);
  await form.getByRole('textbox', { name: 'From' }).fill(DAY);
  await form.getByRole('textbox', { name: 'From' }).press('Escape');
  await form.getByRole('textbox', { name: 'Until' }).fill('2030-10-17');
  await form.getByRole('textbox', { name: 'Until' }).press('Escape');
  await form.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await form.getByRole('button', { name: 'Preview' }).click();

  const affected = page.getByRole('status', { name: 'Bookings this closure cancels' });
  await expect(affected).toContainText('2 bookings will be cancelled');
  await expect(affected.getByRole('listitem')).toHaveCount(2);
  await expect(affected).toContainText(`Sofia Staff: Room ${room.Name}`);
  await expectNoSeriousA11yViolations(page, 'closures with a preview');
  await page.screenshot({ path: `${SHOTS}/closures-desktop-preview.png`, fullPage: true });

  await form.getByRole('button', { name: 'Close and cancel 2 bookings' }).click();
  await expect(page.getByText('Closure created; 2 bookings cancelled.')).toBeVisible();
  const row = page.getByTestId('closure-row').filter({ hasText: reason });
  await expect(row).toContainText(room.Name);
  await page.screenshot({ path: `${SHOTS}/closures-desktop-list.png`, fullPage: true });

  // Booking the room during the closure is refused with the reason and its end.
  const refused = await staff.post('api/bookings/room', { data: { RoomId: room.Id, Start: at('12:00'), Finish: at('13:00'), Description: 'Try' } });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).Error).toBe(`Closed until Thursday, 17 October 2030 at 00:00: ${reason}`);
  await staff.dispose();

  // The owner sees both cancelled, by the admin, with the reason.
  const ownerContext = await browser.newContext({ baseURL, timezoneId: 'Europe/London' });
  const owner = await ownerContext.newPage();
  await signInAs(owner, 'staff');
  await owner.goto('menu/mybookings');
  for (const id of ids) await expect(owner.locator(`article[data-booking-id="${id}"]`)).toContainText(`Cancelled by Ada Admin (admin): ${reason}`);
  await ownerContext.close();

  // Phone size, by keyboard: the list and the form fit; then the closure is deleted (tidy for other specs).
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/closures-phone.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page, 'closures on a phone');
  await row.getByRole('button', { name: `Delete closure: ${reason}` }).focus();
  await page.keyboard.press('Enter');
  await row.getByRole('button', { name: 'Delete closure' }).click();
  await expect(row).toHaveCount(0);
});
