import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInAs } from './helpers.js';
import { apiAs, newRoom, unique } from './myBookingsKit.js';

// Repeating room bookings from the booking form (issue 22). Each test books its own new room at
// London HQ, Floor 1 (Europe/London: BST in September, wall clock = UTC+1), on Tuesdays of
// September 2030, so no other spec's bookings are in the way.

test.use({ viewport: { width: 1280, height: 800 } });
// Outside test-results, which every Playwright run (any helper's) empties first.
const SCREENS = process.env.SERIES_SCREENS ?? '/tmp/series-screens';

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The booking form of `room` for 10:00-11:00 on `date`, from "Find room by date/time" (a restricted room's button says Request). */
async function openForm(page: Page, room: string, date: string, verb: 'Book' | 'Request' = 'Book'): Promise<Locator> {
  await page.goto('menu');
  await page.getByRole('link', { name: /^Book a Meeting Room/ }).click();
  await choose(page, 'Site', 'London HQ');
  await page.getByLabel('Date', { exact: true }).fill(date);
  await choose(page, 'Start', '10:00');
  await choose(page, 'End', '11:00');
  await page.getByRole('button', { name: `${verb} ${room}` }).click();
  const dialog = page.getByRole('dialog', { name: `${verb} ${room}` });
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

/** `days` after today on London's calendar, as YYYY-MM-DD. */
const londonDay = (days: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
};
/** "10 December 2026", as the preview writes a day (en-GB), for matching. */
const longDay = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A closure of one room for the whole of `day` (London clock), made by the demo admin through the API: its id. */
async function closeRoomFor(baseURL: string, roomId: number, day: string, reason: string): Promise<number> {
  const admin = await apiAs(baseURL, 'admin');
  try {
    const offset = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', timeZoneName: 'longOffset' }).format(new Date(`${day}T12:00:00Z`)).includes('+01') ? '+01:00' : '+00:00';
    const closure = { SiteId: 1, Scope: { WholeSite: false, RoomIds: [roomId] }, Start: `${day}T00:00:00${offset}`, End: `${day}T23:59:00${offset}`, Reason: reason };
    const preview = await admin.post('api/closures/preview', { data: closure });
    expect(preview.status(), await preview.text()).toBe(200);
    const created = await admin.post('api/closures', { data: { ...closure, Token: (await preview.json()).Token } });
    expect(created.status(), await created.text()).toBeLessThan(300);
    return (await created.json()).Closures[0].Id as number;
  } finally {
    await admin.dispose();
  }
}

async function deleteClosure(baseURL: string, id: number) {
  const admin = await apiAs(baseURL, 'admin');
  try {
    expect((await admin.delete(`api/closures/${id}`)).status()).toBe(204);
  } finally {
    await admin.dispose();
  }
}

test('the preview says Closed with the closure\'s reason and Beyond the advance limit with the last possible date', async ({ page, baseURL }) => {
  // The room's own advance limit: two weeks from today. Weekly from a week ahead, 5 times: the first
  // is free, the second closed, the last three beyond the limit, whose last day is 14 days from today.
  const room = await newRoom(baseURL!, unique('Series limits'));
  const admin = await apiAs(baseURL!, 'admin');
  const limited = await admin.post(`api/rooms/${room.Id}`, { data: { Name: room.Name, RoomBookingConstraint: { Number: 2, Type: 1, ResourceType: 1 } } });
  expect(limited.ok(), await limited.text()).toBe(true);
  await admin.dispose();
  const days = [7, 14, 21, 28, 35].map(londonDay);
  const reason = unique('Window repairs');
  const closureId = await closeRoomFor(baseURL!, room.Id, days[1]!, reason);
  try {
    await signInAs(page, 'staff');
    const dialog = await openForm(page, room.Name, days[0]!);
    await dialog.getByLabel('Team Name').fill('Limits and closures');
    await dialog.getByLabel('Repeat').selectOption('Weekly');
    await dialog.getByLabel('Number of times', { exact: true }).fill('5');
    await dialog.getByRole('button', { name: 'Check dates' }).click();
    await expect(dialog.getByText('5 occurrences, 1 can be booked.')).toBeVisible();

    // The row starts with its own day (the beyond-limit rows also name the last possible day).
    const at = (i: number) => occurrence(dialog, new RegExp(`^\\w+,? ${longDay(days[i]!)}`));
    await expect(at(0)).toContainText('Free');
    await expect(at(1)).toContainText('Closed');
    await expect(at(1)).toContainText(reason);
    await expect(at(1).getByRole('checkbox')).toBeDisabled();
    for (const i of [2, 3, 4]) {
      await expect(at(i)).toContainText('Beyond the advance limit');
      await expect(at(i)).toContainText(new RegExp(`The last possible date is .*${longDay(days[1]!)}\\.`));
      await expect(at(i).getByRole('checkbox')).toBeDisabled();
    }
    await expect(dialog.getByRole('button', { name: 'Book 1 occurrence' })).toBeEnabled();
    await expectNoSeriousA11yViolations(page, 'a room series preview with closed and beyond-limit days');
    await dialog.getByRole('heading', { name: 'Dates' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/room-series-4-limits.png` });
    await phoneShot(page, `${SCREENS}/room-series-4-limits-phone.png`);
  } finally {
    await deleteClosure(baseURL!, closureId);
  }
});

test('a restricted room\'s series is one request: Needs approval in the preview, "requested" in the answer', async ({ page, baseURL }) => {
  const room = await newRoom(baseURL!, unique('Series approval'));
  const admin = await apiAs(baseURL!, 'admin');
  const approver = await apiAs(baseURL!, 'approver');
  const approverId = (await (await approver.get('api/settings')).json()).Profile.Id as number;
  await approver.dispose();
  const restricted = await admin.post(`api/rooms/${room.Id}`, { data: { Name: room.Name, RestrictRoomAccess: true, RoomAdminUsers: [approverId] } });
  expect(restricted.ok(), await restricted.text()).toBe(true);
  await admin.dispose();

  await signInAs(page, 'staff');
  const dialog = await openForm(page, room.Name, '2030-10-01', 'Request');
  await dialog.getByLabel('Team Name').fill('Board prep');
  await dialog.getByLabel('Repeat').selectOption('Weekly');
  await dialog.getByLabel('Number of times', { exact: true }).fill('3');
  await dialog.getByRole('button', { name: 'Check dates' }).click();
  await expect(dialog.getByText('3 occurrences, 3 can be booked.')).toBeVisible();
  for (const day of [/1 October 2030/, /8 October 2030/, /15 October 2030/]) await expect(occurrence(dialog, day)).toContainText('Needs approval');
  await expectNoSeriousA11yViolations(page, 'the preview of a restricted room series');
  await dialog.getByRole('button', { name: 'Request 3 occurrences' }).click();

  const done = page.getByRole('dialog', { name: `3 occurrences of ${room.Name} requested` });
  await expect(done).toContainText('3 requested, waiting for an approver; none skipped.');
  await expect(done).toContainText('you will hear when an approver decides');
  await expectNoSeriousA11yViolations(page, 'the answer to a restricted room series');
  await page.screenshot({ path: `${SCREENS}/room-series-5-requested.png` });
  await phoneShot(page, `${SCREENS}/room-series-5-requested-phone.png`);
  const rows = (await septemberBookings(baseURL!, room.Id)).filter((b) => b.Description === 'Board prep');
  expect(rows).toHaveLength(3);
});

test.describe('the Repeat choices\' file, on the room form', () => {
  // No service worker: it takes chunk requests through its cache, where page.route does not see them.
  test.use({ serviceWorkers: 'block' });

  test('when it cannot be loaded the room form says so, and books one time', async ({ page, baseURL }) => {
    const room = await newRoom(baseURL!, unique('Series offline'));
    await page.route('**/RepeatDetails-*.js', (route) => route.abort('connectionrefused'));
    await signInAs(page, 'staff');
    const dialog = await openForm(page, room.Name, '2030-09-17');
    await dialog.getByLabel('Team Name').fill('One-off review');
    await dialog.getByLabel('Repeat').selectOption('Weekly');
    const alert = dialog.getByRole('alert');
    await expect(alert).toHaveText(/The repeat options could not be loaded\. Check the connection and reload the page/);
    // "Check dates" would check the usual weekly rule: the form says which.
    await expect(dialog.getByText(/^Repeats: Every week on Tuesday/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the room form when the repeat options failed to load');
    await page.screenshot({ path: `${SCREENS}/room-series-0-failed.png` });
    await phoneShot(page, `${SCREENS}/room-series-0-failed-phone.png`);
    await dialog.getByLabel('Repeat').selectOption('None');
    await expect(alert).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog', { name: `${room.Name} booked` })).toBeVisible();
    expect((await septemberBookings(baseURL!, room.Id)).filter((b) => b.Description === 'One-off review')).toHaveLength(1);
  });
});
