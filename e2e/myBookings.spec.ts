import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInAs } from './helpers.js';
import { bookRoom, newRoom, SCREENS, unique } from './myBookingsKit.js';

// My Bookings (issue 5): the staff member's bookings with cancel ('Are you sure?') and edit, the
// CSV export and the calendar feed. Own data: desk D11 on 3-4 June 2030 (BST) and a room of our own.
test.use({ timezoneId: 'Europe/London' });
// Several axe scans per journey: more than the default 30 s on a 2-core machine.
test.describe.configure({ timeout: 180_000 });

const card = (page: Page, id: number) => page.locator(`article[data-booking-id="${id}"]`);

test('cancel and edit from My Bookings', async ({ page, baseURL }) => {
  await signInAs(page, 'staff');
  const desk = await page.request.post('api/bookings/desk', {
    data: { FloorplanId: 1, DeskId: 'D11', Start: '2030-06-03T10:00:00+01:00', Finish: '2030-06-03T12:00:00+01:00', Description: 'Quarter end' },
  });
  expect(desk.status(), await desk.text()).toBe(201);
  const deskId = (await desk.json()).Id as number;
  const room = await newRoom(baseURL!, unique('MB Room'));
  const roomRes = await page.request.post('api/bookings/room', {
    data: { RoomId: room.Id, Start: '2030-06-04T09:00:00+01:00', Finish: '2030-06-04T10:00:00+01:00', Description: 'Team sync' },
  });
  expect(roomRes.status(), await roomRes.text()).toBe(201);
  const roomBookingId = (await roomRes.json()).Id as number;

  await page.goto('menu');
  await page.getByRole('link', { name: /My Bookings/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeVisible();
  await expect(card(page, deskId)).toContainText(/Monday,? 3 June 2030,? 10:00–12:00/);
  await expect(card(page, deskId)).toContainText('Approved');
  await expect(card(page, roomBookingId)).toContainText('Team sync');
  await expectNoSeriousA11yViolations(page, 'My Bookings');
  await page.screenshot({ path: `${SCREENS}/mybookings-1-list.png`, fullPage: true });

  // Edit the desk booking's time.
  await card(page, deskId).getByRole('button', { name: /^Edit booking/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // Times come from the quarter-hour lists of the shared time field (issue 20, point 6), not native time inputs.
  await dialog.getByRole('combobox', { name: 'Start' }).click();
  await page.getByRole('option', { name: '11:00', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'End' }).click();
  await page.getByRole('option', { name: '13:00', exact: true }).click();
  await expectNoSeriousA11yViolations(page, 'the edit booking dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, deskId)).toContainText(/Monday,? 3 June 2030,? 11:00–13:00/);

  // Edit the room booking's description; an empty one keeps Save disabled.
  await card(page, roomBookingId).getByRole('button', { name: /^Edit booking/ }).click();
  await dialog.getByLabel(/Team Name/).fill('');
  await expect(dialog.getByText('Please provide a meeting name or reason for booking.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel(/Team Name/).fill('Team sync (moved)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, roomBookingId)).toContainText('Team sync (moved)');

  // Cancel the desk booking: 'Are you sure?'
  await card(page, deskId).getByRole('button', { name: /^Cancel booking/ }).click();
  await expect(page.getByRole('dialog').getByText('Are you sure?')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/mybookings-2-cancel-confirm.png`, fullPage: true });
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(card(page, deskId)).toContainText('Cancelled by Sofia Staff');
  await expect(card(page, deskId).getByRole('button', { name: /^Cancel booking/ })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/mybookings-3-cancelled.png`, fullPage: true });
});

test('a refused cancellation says so, and the CSV export and the calendar feed work', async ({ page, baseURL }) => {
  await signInAs(page, 'staff');
  const room = await newRoom(baseURL!, unique('MB Feed Room'));
  const booking = await bookRoom(page.request, room.Id, 60 * 24 * 30, 30, 'Feed check, "quoted"');

  await page.goto('menu/mybookings');
  await page.route('**/api/bookings', (route) => route.request().method() === 'DELETE'
    ? route.fulfill({ status: 409, json: { Error: 'This booking is Cancelled and can no longer be cancelled.', Code: 'CONFLICT' } })
    : route.continue());
  await card(page, booking.Id).getByRole('button', { name: /^Cancel booking/ }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Unable to cancel booking' })).toBeVisible();
  await expect(page).toHaveURL(/\/menu\/mybookings$/);
  await page.unroute('**/api/bookings');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^hotdesk-my-bookings-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(csv).toContain('"Feed check, ""quoted"""');

  await page.getByRole('button', { name: 'Create calendar feed' }).click();
  const address = page.getByRole('textbox', { name: 'Your calendar address' });
  await expect(address).toHaveValue(/\/hotdesk\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
  const url = await address.inputValue();
  const feed = await page.request.get(url);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain(`UID:hotdesk-booking-${booking.Id}`);
  await expectNoSeriousA11yViolations(page, 'My Bookings with the calendar feed address');
  await page.getByRole('button', { name: 'Turn off calendar feed' }).click();
  await page.getByRole('button', { name: 'Turn off', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Create calendar feed' })).toBeVisible();
  expect((await page.request.get(url)).status()).toBe(404);
});

test('My Bookings at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAs(page, 'staff');
  await page.goto('menu/mybookings');
  await expect(page.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
  await page.screenshot({ path: `${SCREENS}/mybookings-4-phone.png`, fullPage: true });
});
