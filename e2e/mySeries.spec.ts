import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInAs } from './helpers.js';
import { apiAs, newRoom, unique } from './myBookingsKit.js';

// Repeating bookings in My Bookings and in Booking Approval (issue 22). Each test makes its own room at
// London HQ (Floor 1) and books a weekly series on Tuesdays in November 2030 (GMT, so no clock change).
test.use({ timezoneId: 'Europe/London', viewport: { width: 1280, height: 800 } });
// Several axe scans, two sizes and two people per journey: more than the default on a 2-core machine.
test.describe.configure({ timeout: 180_000 });

// Outside test-results, which every Playwright run (any helper's) empties first.
const SCREENS = process.env.MY_SERIES_SCREENS ?? '/tmp/my-series-screens';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
const WEEKLY_5 = { Frequency: 'Weekly', Interval: 1, Count: 5 };
const DAYS = ['2030-11-05', '2030-11-12', '2030-11-19', '2030-11-26', '2030-12-03'];

interface Booked { SeriesId: string; Booked: { Id: number; Status: number; Start: string }[] }

/** A weekly series through the API, as the screen does it: preview, then book the days the preview offers. */
async function bookWeeklySeries(api: APIRequestContext, roomId: number, description: string): Promise<Booked> {
  const body = { RoomId: roomId, Start: '2030-11-05T09:00:00+00:00', Finish: '2030-11-05T10:00:00+00:00', Description: description, Recurrence: WEEKLY_5 };
  const preview = await api.post('api/bookings/room/series/preview', { data: body });
  expect(preview.status(), await preview.text()).toBe(200);
  const dates = ((await preview.json()).Occurrences as { Date: string; State: string }[])
    .filter((o) => o.State === 'Free' || o.State === 'NeedsApproval').map((o) => o.Date);
  expect(dates).toEqual(DAYS);
  const res = await api.post('api/bookings/room/series', { data: { ...body, Dates: dates } });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** A new room that needs approval, which the demo approver approves (as its room admin). */
async function restrictedRoom(baseURL: string, name: string) {
  const room = await newRoom(baseURL, unique(name));
  const admin = await apiAs(baseURL, 'admin');
  const approverApi = await apiAs(baseURL, 'approver');
  const approverId = (await (await approverApi.get('api/settings')).json()).Profile.Id as number;
  await approverApi.dispose();
  const restricted = await admin.post(`api/rooms/${room.Id}`, { data: { Name: room.Name, RestrictRoomAccess: true, RoomAdminUsers: [approverId] } });
  expect(restricted.ok(), await restricted.text()).toBe(true);
  await admin.dispose();
  return room;
}

const statusesOf = async (api: APIRequestContext, ids: number[]) => {
  const mine = await (await api.get('api/bookings/my?pastLimit=1')).json() as { Upcoming: { Id: number; Status: number }[] };
  return ids.map((id) => mine.Upcoming.find((b) => b.Id === id)?.Status);
};

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('a weekly series is one card in My Bookings; cancelling "this and the following" from the third keeps the first two', async ({ page, baseURL }) => {
  await signInAs(page, 'staff');
  const room = await newRoom(baseURL!, unique('MS Room'));
  const series = await bookWeeklySeries(page.request, room.Id, 'Weekly planning');
  const ids = series.Booked.map((b) => b.Id);
  expect(ids).toHaveLength(5);

  await page.goto('menu/mybookings');
  const card = page.locator(`article[data-series-id="${series.SeriesId}"]`);
  await expect(card).toBeVisible();
  await expect(card).toContainText('Repeating');
  await expect(card).toContainText(/Tuesday/); // the pattern in words, from the server
  await expect(card).toContainText(/Next: Tuesday,? 5 November 2030,? 09:00–10:00/);
  await expect(card).toContainText('5 of 5 occurrences remaining');
  // One card, not five: the occurrences stay folded away until asked for.
  await expect(page.locator(`article[data-booking-id="${ids[0]}"]`)).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/myseries-1-grouped-desktop.png` });

  // Keyboard: the toggle is a real button that says whether it is open.
  const toggle = card.getByRole('button', { name: 'Show 5 occurrences' });
  await toggle.focus();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  const open = card.getByRole('button', { name: 'Hide occurrences' });
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  for (const id of ids) await expect(card.locator(`article[data-booking-id="${id}"]`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'My Bookings with a series opened');

  // Cancel from the third occurrence, by keyboard: Tab reaches its Cancel button.
  const third = card.locator(`article[data-booking-id="${ids[2]}"]`);
  await third.getByRole('button', { name: /^Edit booking/ }).focus();
  await page.keyboard.press('Tab');
  await expect(third.getByRole('button', { name: /^Cancel booking/ })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /^Cancel repeating booking/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'This booking' })).toBeChecked();
  await expect(dialog.getByTestId('cancel-summary')).toHaveText(/^1 booking will be cancelled: .*19 November 2030/);
  // Arrow keys move through the radio group (Mantine's roving focus), as for any radio group.
  await dialog.getByRole('radio', { name: 'This booking' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: 'This and the following' })).toBeChecked();
  await expect(dialog.getByTestId('cancel-summary')).toHaveText(/^3 bookings will be cancelled, from .*19 November 2030 to .*3 December 2030/);
  await dialog.getByRole('radio', { name: 'The whole series' }).check();
  await expect(dialog.getByTestId('cancel-summary')).toHaveText(/^5 bookings will be cancelled/);
  await dialog.getByRole('radio', { name: 'This and the following' }).check();
  await expectNoSeriousA11yViolations(page, 'the cancel series dialog');
  await page.screenshot({ path: `${SCREENS}/myseries-2-dialog-desktop.png` });
  await page.setViewportSize(PHONE);
  await expect(dialog).toBeVisible();
  expect(await noOverflow(page)).toBe(true);
  await page.screenshot({ path: `${SCREENS}/myseries-3-dialog-phone.png` });
  await page.setViewportSize(DESKTOP);

  await dialog.getByRole('button', { name: 'Cancel 3 bookings' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('3 bookings of MS Room').first()).toBeVisible();

  // The list refreshed: the first two stand, the rest are cancelled.
  await expect(card).toContainText('2 of 5 occurrences remaining');
  for (const id of ids.slice(0, 2)) await expect(card.locator(`article[data-booking-id="${id}"]`)).toContainText('Approved');
  for (const id of ids.slice(2)) await expect(card.locator(`article[data-booking-id="${id}"]`)).toContainText('Cancelled');
  expect(await statusesOf(page.request, ids)).toEqual([1, 1, 3, 3, 3]);

  // Editing an occurrence asks which bookings, "This booking" first, and says it changes only that one.
  await card.locator(`article[data-booking-id="${ids[0]}"]`).getByRole('button', { name: /^Edit booking/ }).click();
  await expect(page.getByRole('dialog', { name: /^Edit repeating booking/ }).getByRole('radio', { name: 'This booking' })).toBeChecked();
  await expect(page.getByRole('dialog')).toContainText('This changes only this occurrence');
  await page.getByRole('button', { name: 'Close', exact: true }).first().click();

  await page.setViewportSize(PHONE);
  await card.scrollIntoViewIfNeeded();
  expect(await noOverflow(page)).toBe(true);
  await expectNoSeriousA11yViolations(page, 'My Bookings with a series on a phone');
  await page.screenshot({ path: `${SCREENS}/myseries-4-grouped-phone.png` });
});

test('the approver approves a restricted room series as one request', async ({ page, baseURL }) => {
  const room = await restrictedRoom(baseURL!, 'MS Restricted');

  const staff = await apiAs(baseURL!, 'staff');
  const series = await bookWeeklySeries(staff, room.Id, 'Series for approval');
  expect(series.Booked.map((b) => b.Status)).toEqual([0, 0, 0, 0, 0]);

  await signInAs(page, 'approver');
  await page.goto('menu/approvals');
  const row = page.locator(`tr[data-series-id="${series.SeriesId}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText('5 occurrences waiting');
  await expect(row).toContainText(/Tuesday/);
  // One request: the occurrences' own rows appear only when opened.
  await expect(page.locator(`tr[data-booking-id="${series.Booked[0]!.Id}"]`)).toHaveCount(0);
  const toggle = row.getByRole('button', { name: /^Show the 5 occurrences/ });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(row.getByRole('button', { name: /^Hide the 5 occurrences/ })).toHaveAttribute('aria-expanded', 'true');
  for (const b of series.Booked) await expect(page.locator(`tr[data-booking-id="${b.Id}"]`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'booking approval with a series');
  await page.screenshot({ path: `${SCREENS}/myseries-5-approvals-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  expect(await noOverflow(page)).toBe(true);
  await page.screenshot({ path: `${SCREENS}/myseries-6-approvals-phone.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);

  await row.getByRole('button', { name: /^Approve series/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve series' });
  await expect(confirm).toContainText('Approve all 5 occurrences of this repeating booking? Are you sure?');
  await confirm.getByRole('button', { name: 'Approve series' }).click();
  await expect(page.getByText(/^Approved series: MS Restricted .*, 5 bookings/)).toBeVisible();
  await expect(row).toHaveCount(0);

  expect(await statusesOf(staff, series.Booked.map((b) => b.Id))).toEqual([1, 1, 1, 1, 1]);
  await staff.dispose();
});

test('the approver rejects a series as one, with a reason', async ({ page, baseURL }) => {
  const room = await restrictedRoom(baseURL!, 'MS Reject');
  const staff = await apiAs(baseURL!, 'staff');
  const series = await bookWeeklySeries(staff, room.Id, 'Series to reject');

  await signInAs(page, 'approver');
  await page.goto('menu/approvals');
  const row = page.locator(`tr[data-series-id="${series.SeriesId}"]`);
  await row.getByRole('button', { name: /^Reject series/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject series' });
  await expect(dialog).toContainText('Every week on Tuesday');
  await expect(dialog.getByRole('button', { name: 'Reject' })).toBeDisabled(); // a reason is required
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('The room is being refurbished');
  await expectNoSeriousA11yViolations(page, 'the reject series dialog');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText(/^Rejected series: MS Reject/)).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await statusesOf(staff, series.Booked.map((b) => b.Id))).toEqual([2, 2, 2, 2, 2]);
  await staff.dispose();
});

/** A room booking of someone else's in the room, through the API (Rita Reports). */
async function otherBooking(baseURL: string, roomId: number, start: string, finish: string) {
  const reports = await apiAs(baseURL, 'reports');
  try {
    const res = await reports.post('api/bookings/room', { data: { RoomId: roomId, Start: start, Finish: finish, Description: 'Someone else' } });
    expect(res.status(), await res.text()).toBe(201);
  } finally {
    await reports.dispose();
  }
}

/**
 * The series' occurrences as the API lists them in My Bookings: each one's day, start and finish
 * (UTC, "HH:mm"; GMT in November) and status. Not the series detail: those reads are limited per
 * person and minute, and the page itself reads every series card of the shared demo person.
 */
async function timesOf(api: APIRequestContext, seriesId: string) {
  const res = await api.get('api/bookings/my?pastLimit=1');
  expect(res.ok(), await res.text()).toBe(true);
  const mine = await res.json() as { Upcoming: { SeriesId?: string; Start: string; Finish: string; Status: number }[] };
  return mine.Upcoming.filter((b) => b.SeriesId === seriesId).sort((a, b) => a.Start.localeCompare(b.Start))
    .map((o) => `${o.Start.slice(0, 10)} ${o.Start.slice(11, 16)}-${o.Finish.slice(11, 16)} ${o.Status}`);
}

async function chooseTime(page: Page, scope: Locator, label: string, time: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: time, exact: true }).click();
}

test('change the times of this and the following occurrences: a clash changes nothing, then the later ones move and the earlier keep theirs; one occurrence alone', async ({ page, baseURL }) => {
  await signInAs(page, 'staff');
  const room = await newRoom(baseURL!, unique('MS Change'));
  const series = await bookWeeklySeries(page.request, room.Id, 'Weekly sync');
  const ids = series.Booked.map((b) => b.Id);
  // Someone else has the room 14:00-15:00 on the fourth Tuesday (26 November, GMT).
  await otherBooking(baseURL!, room.Id, '2030-11-26T14:00:00Z', '2030-11-26T15:00:00Z');
  const unchanged = DAYS.map((d) => `${d} 09:00-10:00 1`);
  expect(await timesOf(page.request, series.SeriesId)).toEqual(unchanged);

  await page.goto('menu/mybookings');
  const card = page.locator(`article[data-series-id="${series.SeriesId}"]`);
  await card.getByRole('button', { name: 'Show 5 occurrences' }).click();
  const occurrence = (i: number) => card.locator(`article[data-booking-id="${ids[i]}"]`);
  await occurrence(2).getByRole('button', { name: /^Edit booking/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Edit repeating booking of MS Change/ });
  await expect(dialog.getByRole('radio', { name: 'This booking' })).toBeChecked();
  await expect(dialog).toContainText(/Chosen occurrence: Tuesday,? 19 November 2030,? 09:00–10:00/);
  await dialog.getByRole('radio', { name: 'This and the following' }).check();
  const summary = dialog.getByTestId('change-summary');
  await expect(summary).toHaveText(/^3 bookings will move to 09:00–10:00, from .*19 November 2030 to .*3 December 2030\.$/);
  await expect(dialog).toContainText('Earlier bookings of the series keep their times.');
  await chooseTime(page, dialog, 'New start', '14:00');
  await chooseTime(page, dialog, 'New end', '15:00');
  await expect(summary).toHaveText(/^3 bookings will move to 14:00–15:00/);
  await expectNoSeriousA11yViolations(page, 'the change times dialog');
  await page.screenshot({ path: `${SCREENS}/myseries-7-change-desktop.png` });
  await page.setViewportSize(PHONE);
  await expect(dialog).toBeVisible();
  expect(await noOverflow(page)).toBe(true);
  await page.screenshot({ path: `${SCREENS}/myseries-8-change-phone.png` });
  await page.setViewportSize(DESKTOP);

  // The clash: the server names the day, the dialog says so and stays open, and nothing moved.
  await dialog.getByRole('button', { name: 'Change 3 bookings' }).click();
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toContainText('The new times clash with another booking on these days. Nothing was changed');
  await expect(refusal.getByRole('list', { name: 'Days that clash' })).toHaveText(/26 November 2030/);
  await expectNoSeriousA11yViolations(page, 'the change times dialog with a clash');
  await page.screenshot({ path: `${SCREENS}/myseries-9-clash-desktop.png` });
  await page.setViewportSize(PHONE);
  expect(await noOverflow(page)).toBe(true);
  await page.screenshot({ path: `${SCREENS}/myseries-10-clash-phone.png` });
  await page.setViewportSize(DESKTOP);
  expect(await timesOf(page.request, series.SeriesId)).toEqual(unchanged);

  // Other times: the third to fifth move, the first two keep 09:00-10:00.
  await chooseTime(page, dialog, 'New end', '16:00');
  await expect(refusal).toBeHidden(); // a new choice clears the old refusal
  await chooseTime(page, dialog, 'New start', '15:00');
  await expect(summary).toHaveText(/^3 bookings will move to 15:00–16:00/);
  await dialog.getByRole('button', { name: 'Change 3 bookings' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^3 bookings of MS Change .* moved to 15:00–16:00\.$/)).toBeVisible();
  for (const i of [0, 1]) await expect(occurrence(i)).toContainText(/09:00–10:00/);
  for (const i of [2, 3, 4]) await expect(occurrence(i)).toContainText(/15:00–16:00/);
  expect(await timesOf(page.request, series.SeriesId)).toEqual([
    '2030-11-05 09:00-10:00 1', '2030-11-12 09:00-10:00 1', '2030-11-19 15:00-16:00 1', '2030-11-26 15:00-16:00 1', '2030-12-03 15:00-16:00 1',
  ]);
  await page.setViewportSize(PHONE);
  await card.scrollIntoViewIfNeeded();
  expect(await noOverflow(page)).toBe(true);
  await page.screenshot({ path: `${SCREENS}/myseries-11-changed-phone.png` });
  await page.setViewportSize(DESKTOP);

  // One occurrence alone: the single-booking edit moves the second to 11:00-12:00 and nothing else.
  await occurrence(1).getByRole('button', { name: /^Edit booking/ }).click();
  const one = page.getByRole('dialog', { name: /^Edit repeating booking of MS Change/ });
  await expect(one.getByRole('radio', { name: 'This booking' })).toBeChecked();
  await chooseTime(page, one, 'Start', '11:00');
  await chooseTime(page, one, 'End', '12:00');
  await one.getByRole('button', { name: 'Save' }).click();
  await expect(one).toBeHidden();
  await expect(occurrence(1)).toContainText(/11:00–12:00/);
  expect(await timesOf(page.request, series.SeriesId)).toEqual([
    '2030-11-05 09:00-10:00 1', '2030-11-12 11:00-12:00 1', '2030-11-19 15:00-16:00 1', '2030-11-26 15:00-16:00 1', '2030-12-03 15:00-16:00 1',
  ]);
});

test('moving a restricted room\'s approved series: said before, and the moved bookings are requests again', async ({ page, baseURL }) => {
  const room = await restrictedRoom(baseURL!, 'MS Restricted move');
  const staff = await apiAs(baseURL!, 'staff');
  const series = await bookWeeklySeries(staff, room.Id, 'Needs approval');
  await staff.dispose();
  const approver = await apiAs(baseURL!, 'approver');
  const approved = await approver.post(`api/approvals/series/${series.SeriesId}`, { data: { Decision: 'Approve' } });
  expect(approved.ok(), await approved.text()).toBe(true);
  await approver.dispose();

  await signInAs(page, 'staff');
  await page.goto('menu/mybookings');
  const card = page.locator(`article[data-series-id="${series.SeriesId}"]`);
  await card.getByRole('button', { name: /^Change times of repeating booking/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Edit repeating booking of MS Restricted move/ });
  await expect(dialog.getByRole('radio', { name: 'The whole series' })).toBeChecked();
  await expect(dialog).toContainText('This room needs approval: the bookings you move become requests again and wait for an approver.');
  await expect(dialog.getByTestId('change-summary')).toHaveText(/^5 bookings will move/);
  await chooseTime(page, dialog, 'New end', '10:30');
  await expectNoSeriousA11yViolations(page, 'the change times dialog of a restricted room');
  await page.screenshot({ path: `${SCREENS}/myseries-12-restricted-desktop.png` });
  await page.setViewportSize(PHONE);
  expect(await noOverflow(page)).toBe(true);
  await page.screenshot({ path: `${SCREENS}/myseries-13-restricted-phone.png` });
  await page.setViewportSize(DESKTOP);
  await dialog.getByRole('button', { name: 'Change 5 bookings' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^5 bookings of MS Restricted move .* moved to 09:00–10:30; 5 wait for an approver again\.$/)).toBeVisible();
  expect(await timesOf(page.request, series.SeriesId)).toEqual(DAYS.map((d) => `${d} 09:00-10:30 0`));
});
