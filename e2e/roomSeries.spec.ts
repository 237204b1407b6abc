import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInAs } from './helpers.js';
import { apiAs, newRoom, SCREENS, unique } from './myBookingsKit.js';

// Repeating room bookings from the booking form (issue 22). Each test books its own new room at
// London HQ, Floor 1 (Europe/London: BST in September, wall clock = UTC+1), on Tuesdays of
// September 2030, so no other spec's bookings are in the way.

test.use({ viewport: { width: 1280, height: 800 } });

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The booking form of `room` for 10:00-11:00 on `date`, from "Find room by date/time". */
async function openForm(page: Page, room: string, date: string): Promise<Locator> {
  await page.goto('menu');
  await page.getByRole('link', { name: /^Book a Meeting Room/ }).click();
  await choose(page, 'Site', 'London HQ');
  await page.getByLabel('Date', { exact: true }).fill(date);
  await choose(page, 'Start', '10:00');
  await choose(page, 'End', '11:00');
  await page.getByRole('button', { name: `Book ${room}` }).click();
  const dialog = page.getByRole('dialog', { name: `Book ${room}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A single 10:00-11:00 (BST) booking of the room on `date`, through the API as Sofia Staff. */
async function bookSingle(baseURL: string, roomId: number, date: string, description: string) {
  const api = await apiAs(baseURL, 'staff');
  try {
    const res = await api.post('api/bookings/room', { data: { RoomId: roomId, Start: `${date}T09:00:00Z`, Finish: `${date}T10:00:00Z`, Description: description } });
    expect(res.status(), await res.text()).toBe(201);
  } finally {
    await api.dispose();
  }
}

/** The room's bookings in September 2030, as the API lists them. */
async function septemberBookings(baseURL: string, roomId: number) {
  const api = await apiAs(baseURL, 'staff');
  try {
    const res = await api.post('api/bookings/searchRooms', { data: { roomId, fromDate: '2030-09-01T00:00:00Z', toDate: '2030-10-31T00:00:00Z' } });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as { Start: string; Description: string; SeriesId?: string | null }[];
  } finally {
    await api.dispose();
  }
}

const occurrence = (dialog: Locator, day: RegExp) => dialog.getByRole('listitem').filter({ hasText: day });

/** Shows the page at phone size for a screenshot, checks nothing runs off the side, and goes back. */
async function phoneShot(page: Page, path: string) {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(200);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'nothing wider than the phone screen').toBeLessThanOrEqual(0);
  await page.screenshot({ path, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('book a weekly room series, one clash skipped and one day taken meanwhile', async ({ page, baseURL }) => {
  const room = await newRoom(baseURL!, unique('Series room'));
  await bookSingle(baseURL!, room.Id, '2030-09-17', 'Already here');
  await signInAs(page, 'staff');
  const dialog = await openForm(page, room.Name, '2030-09-03');

  await dialog.getByLabel('Team Name').fill('Weekly design review');
  await expect(dialog.getByLabel('Repeat')).toHaveValue('None');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeVisible();
  await dialog.getByLabel('Repeat').selectOption('Weekly');
  // Weekly starts on the first day's weekday; the rule reads in words.
  await expect(dialog.getByRole('checkbox', { name: 'Tuesday' })).toBeChecked();
  await dialog.getByLabel('Number of times', { exact: true }).fill('5');
  await expect(dialog.getByText('Every week on Tuesday, 5 times')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Check dates' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the room booking form with Repeat on');
  await page.screenshot({ path: `${SCREENS}/room-series-1-form.png`, fullPage: true });
  await phoneShot(page, `${SCREENS}/room-series-1-form-phone.png`);

  // A mistake is named beside its field, and nothing is checked.
  await dialog.getByLabel('Number of times', { exact: true }).fill('');
  await dialog.getByRole('button', { name: 'Check dates' }).click();
  await expect(dialog.getByText('Give a number of occurrences, at least 1.')).toBeVisible();
  await dialog.getByLabel('Number of times', { exact: true }).fill('5');

  await dialog.getByRole('button', { name: 'Check dates' }).click();
  await expect(dialog.getByRole('heading', { name: 'Dates' })).toBeVisible();
  await expect(dialog.getByText('5 occurrences, 4 can be booked.')).toBeVisible();
  const clash = occurrence(dialog, /17 September 2030/);
  await expect(clash).toContainText('Taken');
  await expect(clash.getByRole('checkbox')).toBeDisabled();
  await expect(occurrence(dialog, /3 September 2030/)).toContainText('Free');
  await expect(occurrence(dialog, /3 September 2030/).getByRole('checkbox')).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Book 4 occurrences' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page, 'the preview of a room series');
  // The answer is brought into view and announced: the keyboard lands on its heading.
  await expect(dialog.getByRole('heading', { name: 'Dates' })).toBeFocused();
  await page.screenshot({ path: `${SCREENS}/room-series-2-preview.png` });
  await phoneShot(page, `${SCREENS}/room-series-2-preview-phone.png`);

  // The person leaves out 1 October; meanwhile someone books 24 September.
  await occurrence(dialog, /1 October 2030/).getByRole('checkbox').uncheck();
  await expect(dialog.getByRole('button', { name: 'Book 3 occurrences' })).toBeVisible();
  await bookSingle(baseURL!, room.Id, '2030-09-24', 'Took it meanwhile');
  await dialog.getByRole('button', { name: 'Book 3 occurrences' }).click();
  // The clash is said, the list is checked again, and 1 October stays left out.
  await expect(dialog.getByRole('alert').filter({ hasText: 'Some dates changed' })).toContainText('24');
  await expect(occurrence(dialog, /24 September 2030/)).toContainText('Taken');
  await expect(occurrence(dialog, /1 October 2030/).getByRole('checkbox')).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Book 2 occurrences' }).click();

  const done = page.getByRole('dialog', { name: `2 occurrences of ${room.Name} booked` });
  await expect(done).toBeVisible();
  await expect(done).toContainText('2 booked; 3 skipped');
  await expect(done.getByRole('list', { name: 'Skipped occurrences' }).getByRole('listitem')).toHaveCount(3);
  await expect(done.getByRole('listitem').filter({ hasText: /17 September 2030/ })).toContainText('Taken');
  await expect(done.getByRole('listitem').filter({ hasText: /1 October 2030/ })).toContainText('not chosen');
  await page.screenshot({ path: `${SCREENS}/room-series-3-booked.png` });
  await done.getByRole('button', { name: 'Done' }).click();

  const bookings = await septemberBookings(baseURL!, room.Id);
  const series = bookings.filter((b) => b.Description === 'Weekly design review').map((b) => b.Start.slice(0, 10)).sort();
  expect(series).toEqual(['2030-09-03', '2030-09-10']);
  expect(bookings).toHaveLength(4);
});

test('the Repeat control works by keyboard alone', async ({ page, baseURL }) => {
  const room = await newRoom(baseURL!, unique('Series keys'));
  await signInAs(page, 'staff');
  const dialog = await openForm(page, room.Name, '2030-09-10');
  const name = dialog.getByLabel('Team Name');
  await name.fill('Keyboard stand-up');
  await name.press('Tab');
  await expect(dialog.getByLabel('On Behalf Of')).toBeFocused();
  await page.keyboard.press('Tab');
  const repeat = dialog.getByLabel('Repeat');
  await expect(repeat).toBeFocused();
  // Typing a letter picks the option, as in every native select.
  await page.keyboard.press('w');
  await expect(repeat).toHaveValue('Weekly');
  await page.keyboard.press('Tab');
  const every = dialog.getByLabel('Every how many weeks');
  await expect(every).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('2');
  // The weekday chips: Monday, then Tuesday (already on), then Wednesday, turned on with Space.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('checkbox', { name: 'Monday' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('checkbox', { name: 'Wednesday' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('checkbox', { name: 'Wednesday' })).toBeChecked();
  // Past Thursday to Sunday, on to Ends; the arrow keys move between its choices.
  for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
  await expect(dialog.getByRole('radio', { name: 'After a number of times' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'On a date' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Last day')).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('24/09/2030');
  await page.keyboard.press('Tab');
  await expect(dialog.getByText(/Every 2 weeks on Tuesday and Wednesday, until Tue,? 24 Sept? 2030/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Check dates' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('3 occurrences, 3 can be booked.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Book 3 occurrences' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: `3 occurrences of ${room.Name} booked` })).toContainText('3 booked; none skipped.');
});
