import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInAs } from './helpers.js';
import { newRoom, unique } from './myBookingsKit.js';

// Room booking, restricted rooms and approvals (issue 4). Demo: London HQ (Europe/London) with Floor 1
// (Thames, Severn) and Floor 2 (Boardroom, restricted; approver@demo.hotdesk approves it). Each test
// uses its own weekdays of April 2030 (BST: wall clock = UTC+1); specs share one server.

const SCREENS = 'test-results/screens';
// Tall enough that much of the grid is on screen while dragging over it.
test.use({ viewport: { width: 1280, height: 1500 } });
// These journeys take 50-95 s on a CI runner busy with two browsers (axe scans of the calendar included): room to spare.
test.describe.configure({ timeout: 180_000 });

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openRoomBooking(page: Page) {
  await page.goto('menu');
  await page.getByRole('link', { name: /^Book a Meeting Room/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Book a Meeting Room' })).toBeVisible();
  await choose(page, 'Site', 'London HQ');
}

async function findRooms(page: Page, date: string, start: string, end: string, location = 'Any location') {
  await page.getByLabel('Date', { exact: true }).fill(date);
  await choose(page, 'Start', start);
  await choose(page, 'End', end);
  await choose(page, 'Location', location);
}

const results = (page: Page) => page.getByRole('table', { name: 'Rooms with availability' });

/** The calendar of one room, at a date. */
async function openCalendar(page: Page, room: string, date: string) {
  await page.getByRole('tab', { name: 'Specific room availability' }).click();
  await choose(page, 'Room', room);
  await goToDate(page, date);
}

/** Types a day into "Go to date" and closes its calendar (Escape), as a keyboard user does: the open calendar lies over the grid. */
async function goToDate(page: Page, date: string) {
  const field = page.getByLabel('Go to date');
  await field.fill(date);
  await field.press('Escape');
  await expect(page.locator('.mantine-DateInput-dropdown')).toHaveCount(0);
}

/**
 * Drags over the week/day grid: `column` is the day column (0 = first shown), times 'HH:mm' from the
 * 07:00 grid start (the demo site's day hours), in half hours (each hour group holds two slots).
 */
async function dragSlots(page: Page, column: number, from: string, to: string) {
  const slotOf = (t: string) => { const [h, m] = t.split(':').map(Number) as [number, number]; return (h - 7) * 2 + m / 30; };
  const slots = page.locator('.rbc-time-content .rbc-day-slot').nth(column).locator('.rbc-time-slot');
  await slots.nth(slotOf(to) - 1).scrollIntoViewIfNeeded();
  await slots.nth(slotOf(from)).scrollIntoViewIfNeeded();
  const a = await slots.nth(slotOf(from)).boundingBox();
  const b = await slots.nth(slotOf(to) - 1).boundingBox();
  if (!a || !b) throw new Error('time slots not found');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  // The calendar takes the first slot where the pointer is once it has moved past its threshold:
  // move sideways first, so that is still the first slot.
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

async function saveBooking(page: Page, modalTitle: string, name: string, done: RegExp | string) {
  const dialog = page.getByRole('dialog', { name: modalTitle });
  await expect(dialog).toBeVisible();
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await dialog.getByLabel('On Behalf Of').fill('not-an-email');
  await dialog.getByLabel('Team Name').click();
  await expect(dialog.getByText('Please enter a valid email')).toBeVisible();
  await dialog.getByLabel('On Behalf Of').fill('');
  await dialog.getByLabel('Team Name').fill(name);
  await expect(save).toBeEnabled();
  await save.click();
  // The dialog becomes the booking confirmation (issue 20 point 7; bookingConfirmation.spec.ts); Book another closes it.
  const confirmation = page.getByRole('dialog', { name: done });
  await expect(confirmation).toBeVisible();
  await confirmation.getByRole('button', { name: 'Book another' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

const alertWith = (page: Page, text: string): Locator => page.getByRole('alert').filter({ hasText: text });

test('find a room by date and time and book it', async ({ page }) => {
  await signInAs(page, 'staff');
  await openRoomBooking(page);
  await expect(page.getByRole('tab', { name: 'Find room by date/time' })).toHaveAttribute('aria-selected', 'true');
  // Defaults 09:00–17:00; a new date resets the start to 09:00.
  await expect(page.getByRole('combobox', { name: 'Start', exact: true })).toHaveValue('09:00');
  await expect(page.getByRole('combobox', { name: 'End', exact: true })).toHaveValue('17:00');
  await choose(page, 'Start', '10:00');
  await page.getByLabel('Date', { exact: true }).fill('2030-04-02');
  await expect(page.getByRole('combobox', { name: 'Start', exact: true })).toHaveValue('09:00');
  // 44 starts and 45 ends.
  await page.getByRole('combobox', { name: 'Start', exact: true }).click();
  await expect(page.getByRole('option')).toHaveCount(44);
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'End', exact: true }).click();
  await expect(page.getByRole('option')).toHaveCount(45);
  await page.keyboard.press('Escape');
  // An end equal to the start becomes 15 minutes later.
  await choose(page, 'Start', '10:00');
  await choose(page, 'End', '10:00');
  await expect(page.getByRole('combobox', { name: 'End', exact: true })).toHaveValue('10:15');

  await findRooms(page, '2030-04-02', '10:00', '11:00');
  // The demo's London rooms (other specs on this shared server may add rooms of their own).
  for (const room of ['Severn', 'Thames', 'Boardroom']) await expect(results(page).getByRole('row', { name: new RegExp(room) })).toHaveCount(1);
  await expect(results(page)).toContainText('Needs approval');
  await expectNoSeriousA11yViolations(page, 'find room by date/time');
  await page.screenshot({ path: `${SCREENS}/room-1-find.png`, fullPage: true });

  await page.getByRole('button', { name: 'Book Thames' }).click();
  await expect(page.getByRole('dialog', { name: 'Book Thames' })).toContainText(/Tuesday,? 2 April 2030,? 10:00–11:00/);
  await expectNoSeriousA11yViolations(page, 'the booking form');
  await page.screenshot({ path: `${SCREENS}/room-2-form.png`, fullPage: true });
  await saveBooking(page, 'Book Thames', 'Quarterly planning', 'Thames booked');
  await expect(page.getByRole('button', { name: 'Book Thames' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Book Severn' })).toBeVisible();
});

test('the room shown first stays chosen when a room an admin adds meanwhile would now come first', async ({ page, baseURL }) => {
  await signInAs(page, 'staff');
  await openRoomBooking(page);
  await page.getByRole('tab', { name: 'Specific room availability' }).click();
  const roomBox = page.getByRole('combobox', { name: 'Room', exact: true });
  // The calendar tab is a lazy chunk: on a CI runner busy with two browsers it once showed "Loading the calendar"
  // for over 15 s (its chunk took 3 s to arrive and 7 s to run before its first call).
  await expect(roomBox).not.toHaveValue('', { timeout: 45_000 });
  const shown = await roomBox.inputValue();
  // Sorts before every other London room (same location, '0' before letters).
  await newRoom(baseURL!, unique('0 Added Meanwhile'));
  // The tab comes back into view: every list on the screen is fetched again.
  const refetched = page.waitForResponse((r) => /\/api\/rooms\/site\/1\/0$/.test(r.url()));
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange'))); // react-query listens on window
  await refetched;
  await expect(roomBox).toHaveValue(shown);
  await page.getByRole('combobox', { name: 'Room', exact: true }).click();
  await expect(page.getByRole('option', { name: /^0 Added Meanwhile/ })).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(roomBox).toHaveValue(shown);
});

test('booking on behalf of someone unknown to Hotdesk is refused with the rule; a colleague is fine', async ({ page }) => {
  await signInAs(page, 'staff');
  await openRoomBooking(page);
  await findRooms(page, '2030-04-24', '14:00', '15:00');
  await page.getByRole('button', { name: 'Book Severn' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Severn' });
  await dialog.getByLabel('Team Name').fill('Supplier call');
  await dialog.getByLabel('On Behalf Of').fill('someone@elsewhere.example');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const refusal = dialog.getByRole('alert').filter({ hasText: 'Unable to save booking' });
  await expect(refusal).toContainText('You can only book on behalf of people known to Hotdesk');
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/room-on-behalf-refused.png`, fullPage: true });
  await dialog.getByLabel('On Behalf Of').fill('approver@demo.hotdesk');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog', { name: 'Severn booked' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('book from the calendar in the week, work week, day and month views; refused selections', async ({ page }) => {
  await signInAs(page, 'staff');
  await openRoomBooking(page);
  await openCalendar(page, 'Severn (Floor 1)', '2030-04-10');
  await expect(page.getByRole('button', { name: 'Work Week', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Agenda' })).toBeVisible();
  await expect(page.getByText('Times are in Europe/London')).toBeVisible();

  // Week view (Monday first): Wednesday 10 April is column 2.
  await dragSlots(page, 2, '10:00', '11:00');
  await expect(page.getByRole('dialog', { name: 'Book Severn' })).toContainText(/Wednesday,? 10 April 2030,? 10:00–11:00/);
  await page.screenshot({ path: `${SCREENS}/room-3-week-form.png`, fullPage: true });
  await saveBooking(page, 'Book Severn', 'Design review from the week view', 'Severn booked');
  await expect(page.locator('.rbc-event').filter({ hasText: 'Design review from the week view' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the room calendar (week)');
  await page.screenshot({ path: `${SCREENS}/room-4-week.png`, fullPage: true });

  // A selection running into that booking is refused.
  await dragSlots(page, 2, '09:30', '10:30');
  await expect(alertWith(page, 'This slot clashes with another booking')).toBeVisible();

  // Day view.
  await page.getByRole('button', { name: 'Day', exact: true }).click();
  await goToDate(page, '2030-04-11');
  await dragSlots(page, 0, '13:00', '14:30');
  await expect(page.getByRole('dialog', { name: 'Book Severn' })).toContainText(/Thursday,? 11 April 2030,? 13:00–14:30/);
  await saveBooking(page, 'Book Severn', 'Day view workshop', 'Severn booked');
  await expect(page.locator('.rbc-event').filter({ hasText: 'Day view workshop' })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/room-5-day.png`, fullPage: true });

  // Work week view (Monday to Friday): Tuesday 9 April is column 1.
  await page.getByRole('button', { name: 'Work Week', exact: true }).click();
  await expect(page.locator('.rbc-time-header .rbc-header')).toHaveCount(5);
  await dragSlots(page, 1, '15:00', '16:00');
  await expect(page.getByRole('dialog', { name: 'Book Severn' })).toContainText(/Tuesday,? 9 April 2030,? 15:00–16:00/);
  await saveBooking(page, 'Book Severn', 'Work week planning', 'Severn booked');
  await expect(page.locator('.rbc-event').filter({ hasText: 'Work week planning' })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/room-5b-work-week.png`, fullPage: true });

  // Month view: a day that has bookings is refused with advice to use the week or day view.
  await page.getByRole('button', { name: 'Month', exact: true }).click();
  await expect(page.locator('.rbc-month-view')).toBeVisible();
  // April 2030 starts on a Monday: row 1 holds 8–14 April; Wednesday 10 April is its third cell.
  await page.locator('.rbc-month-row').nth(1).locator('.rbc-day-bg').nth(2).click();
  await expect(alertWith(page, 'This day already has bookings. Please use the week or day view to choose a free slot.')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/room-6-month-refused.png`, fullPage: true });
  // A free day in the month view opens the form with the usual 09:00–17:00; Cancel leaves it, Save books it.
  await page.locator('.rbc-month-row').nth(1).locator('.rbc-day-bg').nth(4).click();
  await expect(page.getByRole('dialog', { name: 'Book Severn' })).toContainText(/Friday,? 12 April 2030,? 09:00–17:00/);
  await page.getByRole('dialog', { name: 'Book Severn' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.locator('.rbc-month-row').nth(1).locator('.rbc-day-bg').nth(4).click();
  await saveBooking(page, 'Book Severn', 'Month view offsite', 'Severn booked');
  await expect(page.locator('.rbc-month-view .rbc-event').filter({ hasText: 'Month view offsite' })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/room-7-month-booked.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page, 'the room calendar (month)');

  // Agenda: one month of bookings.
  await page.getByRole('button', { name: 'Agenda' }).click();
  await goToDate(page, '2030-04-08');
  await expect(page.locator('.rbc-agenda-view')).toContainText('Design review from the week view');
  await expect(page.locator('.rbc-agenda-view')).toContainText('Day view workshop');
  await expect(page.locator('.rbc-agenda-view')).toContainText('Work week planning');
  await expect(page.locator('.rbc-agenda-view')).toContainText('Month view offsite');
});

test('past time is shaded and cannot be selected; a click on it says why', async ({ page }) => {
  await signInAs(page, 'staff');
  await openRoomBooking(page);
  await openCalendar(page, 'Thames (Floor 1)', '2024-01-10');
  const past = page.locator('.rbc-day-slot').nth(2).locator('[data-slot="2024-01-10T10:00"]');
  await expect(past).toHaveClass(/hd-past/);
  await expect(past).toHaveAttribute('aria-disabled', 'true');
  await expect(past).toHaveAttribute('aria-label', 'Wednesday, 10 January 2024, 10:00–10:30, past, cannot be booked');
  // A drag over past time selects nothing.
  await dragSlots(page, 2, '10:00', '11:00');
  await expect(page.locator('.rbc-slot-selection')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(alertWith(page, 'Cannot book a date in the past')).toHaveCount(0);
  // A click says why nothing happens (the bookings layer lies over the slots; the calendar takes the click from there).
  await past.click({ force: true });
  await expect(alertWith(page, 'Cannot book a date in the past')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('staff request the restricted Boardroom; the approver approves it', async ({ page, browser, baseURL }) => {
  await signInAs(page, 'staff');
  await openRoomBooking(page);
  await findRooms(page, '2030-04-16', '14:00', '15:00', 'Floor 2');
  await expect(results(page)).toContainText('Boardroom');
  await page.getByRole('button', { name: 'Request Boardroom' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Boardroom' });
  await expect(dialog).toContainText('your booking is a request');
  await saveBooking(page, 'Request Boardroom', 'Board pack review (request)', 'Requested: waiting for approval');
  // The pending request holds the slot.
  await expect(page.getByText('No rooms with availability at the selected date(s) and time(s) were found...')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/room-7-requested.png`, fullPage: true });

  const approverContext = await browser.newContext({ baseURL });
  const approver = await approverContext.newPage();
  await signInAs(approver, 'approver');
  await approver.goto('menu');
  await expect(approver.getByRole('link', { name: /^Approve Requests/ })).toBeVisible();
  await approver.getByRole('link', { name: /^Approve Requests/ }).click();
  await expect(approver.getByRole('heading', { level: 1, name: 'Booking Approval' })).toBeVisible();
  const row = approver.getByRole('row').filter({ hasText: 'Board pack review (request)' });
  await expect(row).toContainText('Boardroom');
  await expect(row).toContainText('Sofia Staff');
  await expect(row).toContainText(/Tuesday,? 16 April 2030,? 14:00–15:00/); // the site's wall clock
  await expectNoSeriousA11yViolations(approver, 'booking approval');
  await approver.screenshot({ path: `${SCREENS}/room-8-approvals.png`, fullPage: true });
  await row.getByRole('button', { name: /^Approve/ }).click();
  const confirm = approver.getByRole('dialog', { name: 'Approve booking' });
  await expect(confirm).toContainText('Approve this booking? Are you sure?');
  await approver.screenshot({ path: `${SCREENS}/room-9-approve-confirm.png`, fullPage: true });
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(approver.getByText(/^Approved: Boardroom/)).toBeVisible();
  await expect(row).toHaveCount(0);
  await approverContext.close();
});

test('the approver rejects a request with a reason', async ({ page, browser, baseURL }) => {
  await signInAs(page, 'staff');
  await openRoomBooking(page);
  await findRooms(page, '2030-04-17', '09:00', '10:00', 'Floor 2');
  await page.getByRole('button', { name: 'Request Boardroom' }).click();
  await saveBooking(page, 'Request Boardroom', 'Offsite planning (to reject)', 'Requested: waiting for approval');

  const approverContext = await browser.newContext({ baseURL });
  const approver = await approverContext.newPage();
  await signInAs(approver, 'approver');
  await approver.goto('menu/approvals');
  const row = approver.getByRole('row').filter({ hasText: 'Offsite planning (to reject)' });
  await row.getByRole('button', { name: /^Reject/ }).click();
  const dialog = approver.getByRole('dialog', { name: 'Reject booking' });
  const reject = dialog.getByRole('button', { name: 'Reject' });
  await expect(reject).toBeDisabled();
  await dialog.getByLabel('Reason').fill('   ');
  await expect(reject).toBeDisabled();
  await dialog.getByLabel('Reason').fill('The Boardroom is closed for maintenance that morning.');
  await expectNoSeriousA11yViolations(approver, 'the reject dialog');
  await approver.screenshot({ path: `${SCREENS}/room-10-reject.png`, fullPage: true });
  await reject.click();
  await expect(approver.getByText(/^Rejected: Boardroom/)).toBeVisible();
  await expect(row).toHaveCount(0);
  await approverContext.close();

  // The slot is free again.
  await openRoomBooking(page);
  await findRooms(page, '2030-04-17', '09:00', '10:00', 'Floor 2');
  await expect(page.getByRole('button', { name: 'Request Boardroom' })).toBeVisible();
});

test('the placeholder page and the clinical room page', async ({ page }) => {
  await signInAs(page, 'staff');
  await page.goto('menu/book/room/2030-04-02T09:00/2030-04-02T10:00/1/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Room booking' })).toBeVisible();
  await page.goto('menu/book/clinical/room');
  await expect(page.getByRole('heading', { level: 1, name: 'Book a Clinical Room' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Site', exact: true })).toHaveValue('New York Clinic');
  await expectNoSeriousA11yViolations(page, 'book a clinical room');
});
