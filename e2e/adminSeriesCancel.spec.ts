import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInAs } from './helpers.js';
import { apiAs, newRoom, unique } from './myBookingsKit.js';

// An Admin cancels someone else's repeating room booking from the room calendar (issue 22): from
// an occurrence onward, with the reason the server requires; earlier occurrences stay. Each test
// makes its own room at London HQ (Floor 1); the series is weekly in November 2030 (GMT).
test.use({ timezoneId: 'Europe/London', viewport: { width: 1280, height: 800 } });
test.describe.configure({ timeout: 180_000 });

const SHOTS = process.env.ADMIN_CANCEL_SCREENS ?? '/tmp';
const DAYS = ['2030-11-05', '2030-11-12', '2030-11-19', '2030-11-26', '2030-12-03'];
const REASON = 'The room is being refitted from 19 November.';

async function bookWeeklySeries(api: APIRequestContext, roomId: number, description: string): Promise<string> {
  const body = { RoomId: roomId, Start: '2030-11-05T09:00:00+00:00', Finish: '2030-11-05T10:00:00+00:00', Description: description, Recurrence: { Frequency: 'Weekly', Interval: 1, Count: 5 } };
  const res = await api.post('api/bookings/room/series', { data: { ...body, Dates: DAYS } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).SeriesId as string;
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openDetails(page: Page, roomName: string, description: string) {
  await page.goto('menu');
  await page.getByRole('link', { name: /^Book a Meeting Room/ }).click();
  await choose(page, 'Site', 'London HQ');
  await page.getByRole('tab', { name: 'Specific room availability' }).click();
  await choose(page, 'Room', `${roomName} (Floor 1)`);
  await page.getByLabel('Go to date').fill('2030-11-19');
  await page.getByLabel('Go to date').press('Escape');
  await page.getByTestId('room-calendar').locator('.rbc-event').filter({ hasText: description }).first().click();
  return page.getByRole('dialog', { name: description });
}

test("an Admin cancels a staff member's series from an occurrence onward with a reason; earlier ones stay", async ({ page, baseURL }) => {
  const room = await newRoom(baseURL!, unique('ASC Room'));
  const staff = await apiAs(baseURL!, 'staff');
  const seriesId = await bookWeeklySeries(staff, room.Id, 'Weekly supplier review');

  // The server refuses an admin's cancel without a reason, in words (and cancels nothing).
  const adminApi = await apiAs(baseURL!, 'admin');
  const refused = await adminApi.post(`api/bookings/series/${seriesId}/cancel`, { data: { From: '2030-11-19' } });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain("A reason is required to cancel someone else's booking.");
  await adminApi.dispose();

  await signInAs(page, 'admin');
  const details = await openDetails(page, room.Name, 'Weekly supplier review');
  await expect(details).toContainText('Booked by Sofia Staff');
  await expect(details).toContainText('This booking repeats');
  await expectNoSeriousA11yViolations(page, 'the booking details of an occurrence');
  await page.screenshot({ path: `${SHOTS}/adminSeriesCancel-1-details-desktop.png` });
  await details.getByRole('button', { name: 'Cancel this and following…' }).click();

  const modal = page.getByRole('dialog', { name: `Cancel repeating booking of ${room.Name}` });
  await expect(modal.getByRole('radio', { name: 'This and the following' })).toBeChecked();
  await expect(modal.getByTestId('cancel-summary')).toContainText(/3 bookings will be cancelled, from .*19 November 2030 to .*3 December 2030/);
  const submit = modal.getByRole('button', { name: 'Cancel 3 bookings' });
  // No reason yet: the field is required and the button refuses; a blank reason too.
  await expect(modal.getByLabel('Reason')).toBeVisible();
  await expect(submit).toBeDisabled();
  await modal.getByLabel('Reason').fill('   ');
  await expect(submit).toBeDisabled();
  await modal.getByLabel('Reason').fill(REASON);
  await expect(submit).toBeEnabled();
  await expectNoSeriousA11yViolations(page, 'the admin series cancel dialog');
  await page.screenshot({ path: `${SHOTS}/adminSeriesCancel-2-dialog-desktop.png` });

  // A refusal keeps the dialog open and says why in the server's words.
  await page.route('**/api/bookings/series/*/cancel', (route) =>
    route.fulfill({ status: 403, json: { Error: 'You may not cancel this repeating booking.', Code: 'FORBIDDEN' } }));
  await submit.click();
  await expect(modal.getByRole('alert')).toContainText('Unable to cancel: You may not cancel this repeating booking.');
  await page.unroute('**/api/bookings/series/*/cancel');

  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/adminSeriesCancel-3-dialog-phone.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  await submit.click();
  await expect(page.getByText(`3 bookings of ${room.Name} cancelled`)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('room-calendar').locator('.rbc-event').filter({ hasText: 'Weekly supplier review' })).toHaveCount(0);

  // The owner's series: the first two stay, the rest are cancelled by the admin with the reason.
  const detail = await staff.get(`api/bookings/series/${seriesId}`);
  expect(detail.ok(), await detail.text()).toBe(true);
  const occurrences = (await detail.json()).Occurrences as { Date: string; Status: number }[];
  const statusOn = (d: string) => occurrences.find((o) => o.Date === d)?.Status;
  expect(DAYS.map(statusOn)).toEqual([1, 1, 3, 3, 3]);
  await staff.dispose();
});

test('the details and dialog fit a phone', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const room = await newRoom(baseURL!, unique('ASC Phone Room'));
  const staff = await apiAs(baseURL!, 'staff');
  await bookWeeklySeries(staff, room.Id, 'Weekly phone check');
  await staff.dispose();
  await signInAs(page, 'admin');
  const details = await openDetails(page, room.Name, 'Weekly phone check');
  await expect(details.getByRole('button', { name: 'Cancel whole series…' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/adminSeriesCancel-4-details-phone.png` });
  await details.getByRole('button', { name: 'Cancel whole series…' }).click();
  const modal = page.getByRole('dialog', { name: `Cancel repeating booking of ${room.Name}` });
  await expect(modal.getByRole('radio', { name: 'The whole series' })).toBeChecked();
  await expect(modal.getByTestId('cancel-summary')).toContainText('5 bookings will be cancelled');
  await expectNoSeriousA11yViolations(page, 'the admin series cancel dialog on a phone');
  await page.screenshot({ path: `${SHOTS}/adminSeriesCancel-5-whole-phone.png` });
});
