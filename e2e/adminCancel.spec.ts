import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInAs, type DemoPerson } from './helpers.js';
import { apiAs, newRoom, unique } from './myBookingsKit.js';

// Cancelling someone else's room booking as its room admin or an Admin, with a reason (issue 5): from
// the room calendar and from the Reception View. Each test makes its own rooms at London HQ (Floor 1)
// and books them through the API; the room calendar test uses 11 September 2030 (BST, UTC+1).
test.use({ timezoneId: 'Europe/London', viewport: { width: 1280, height: 1200 } });
// Several axe scans and people per journey: more than the default 30 s on a 2-core machine.
test.describe.configure({ timeout: 180_000 });

const SHOTS = process.env.ADMIN_CANCEL_SCREENS ?? '/tmp';

async function idOf(baseURL: string, who: DemoPerson): Promise<number> {
  const api = await apiAs(baseURL, who);
  try {
    const res = await api.get('api/settings');
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()).Profile.Id as number;
  } finally {
    await api.dispose();
  }
}

/** Makes people room admins of a room (a room admin list needs the room's restriction on). */
async function setRoomAdmins(baseURL: string, room: { Id: number; Name: string }, userIds: number[]) {
  const admin = await apiAs(baseURL, 'admin');
  try {
    const res = await admin.post(`api/rooms/${room.Id}`, { data: { Name: room.Name, RestrictRoomAccess: true, RoomAdminUsers: userIds } });
    expect(res.ok(), await res.text()).toBe(true);
  } finally {
    await admin.dispose();
  }
}

async function book(api: APIRequestContext, roomId: number, start: string, finish: string, description: string): Promise<number> {
  const res = await api.post('api/bookings/room', { data: { RoomId: roomId, Start: start, Finish: finish, Description: description } });
  expect(res.status(), await res.text()).toBe(201);
  const b = await res.json();
  expect(b.Status).toBe(1);
  return b.Id as number;
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** 'YYYY-MM-DD' of an instant in London, and London's offset that day ('+01:00' or '+00:00'). */
const londonDate = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
function londonOffset(date: string): string {
  const name = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${date}T12:00:00Z`)).find((p) => p.type === 'timeZoneName')!.value;
  return name === 'GMT' ? '+00:00' : name.replace('GMT', '');
}

test("a room admin cancels someone else's booking from the room calendar with a reason; the owner sees why", async ({ page, browser, baseURL }) => {
  const room = await newRoom(baseURL!, unique('AC Calendar Room'));
  const staff = await apiAs(baseURL!, 'staff');
  const theirs = await book(staff, room.Id, '2030-09-11T10:00:00+01:00', '2030-09-11T11:00:00+01:00', 'Supplier visit');
  await staff.dispose();
  await setRoomAdmins(baseURL!, room, [await idOf(baseURL!, 'approver')]);
  const approverApi = await apiAs(baseURL!, 'approver');
  await book(approverApi, room.Id, '2030-09-11T14:00:00+01:00', '2030-09-11T15:00:00+01:00', 'Approver own sync');
  await approverApi.dispose();

  await signInAs(page, 'approver');
  await page.goto('menu');
  await page.getByRole('link', { name: /^Book a Meeting Room/ }).click();
  await choose(page, 'Site', 'London HQ');
  await page.getByRole('tab', { name: 'Specific room availability' }).click();
  await choose(page, 'Room', `${room.Name} (Floor 1)`);
  await page.getByLabel('Go to date').fill('2030-09-11');
  await page.getByLabel('Go to date').press('Escape'); // its calendar would lie over the grid
  const calendar = page.getByTestId('room-calendar');

  // Their own booking: Cancel asks 'Are you sure?' (no reason); keep it.
  await calendar.locator('.rbc-event').filter({ hasText: 'Approver own sync' }).click();
  const own = page.getByRole('dialog', { name: 'Approver own sync' });
  await expect(own).toContainText('Booked by Alex Approver');
  await expect(own).not.toContainText("someone else's booking");
  await own.getByRole('button', { name: 'Cancel booking' }).click();
  const sure = page.getByRole('dialog', { name: 'Cancel booking' });
  await expect(sure).toContainText('Are you sure?');
  await page.screenshot({ path: `${SHOTS}/adminCancel-0-own-confirm.png` });
  await sure.getByRole('button', { name: 'No, keep it' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Someone else's booking, opened from the keyboard: details in the site's zone, then a reason.
  const event = calendar.locator('.rbc-event').filter({ hasText: 'Supplier visit' });
  await event.focus();
  await page.keyboard.press('Enter');
  const details = page.getByRole('dialog', { name: 'Supplier visit' });
  await expect(details).toContainText(/Wednesday,? 11 September 2030,? 10:00–11:00 \(Europe\/London\)/);
  await expect(details).toContainText('Booked by Sofia Staff');
  await expect(details).toContainText('Status: Approved');
  await expectNoSeriousA11yViolations(page, 'the booking details dialog');
  await page.screenshot({ path: `${SHOTS}/adminCancel-1-details.png` });
  await details.getByRole('button', { name: 'Cancel booking' }).click();

  const dialog = page.getByRole('dialog', { name: 'Cancellation Reason' });
  await expect(dialog).toContainText(new RegExp(`${room.Name}, Wednesday,? 11 September 2030,? 10:00–11:00`));
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Reason').fill('   ');
  await expect(save).toBeDisabled();
  const reason = 'The room is needed for the fire safety inspection.';
  await dialog.getByLabel('Reason').fill(reason);
  await expect(save).toBeEnabled();
  await expectNoSeriousA11yViolations(page, 'the cancellation reason dialog');
  await page.screenshot({ path: `${SHOTS}/adminCancel-2-reason.png` });

  // A refusal keeps the dialog open and says why (the server's words).
  await page.route('**/api/bookings', (route) => route.request().method() === 'DELETE'
    ? route.fulfill({ status: 409, json: { Error: 'This booking is Cancelled and can no longer be cancelled.', Code: 'CONFLICT' } })
    : route.continue());
  await save.click();
  await expect(dialog.getByRole('alert')).toContainText('Unable to cancel booking: This booking is Cancelled and can no longer be cancelled.');
  await page.unroute('**/api/bookings');

  await save.click();
  await expect(page.getByText(new RegExp(`Booking cancelled: ${room.Name}, Wednesday,? 11 September 2030,? 10:00–11:00`))).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(event).toHaveCount(0);
  await expect(calendar.locator('.rbc-event').filter({ hasText: 'Approver own sync' })).toBeVisible();

  // The owner sees it Cancelled, by whom and why, in My Bookings.
  const ownerContext = await browser.newContext({ baseURL, timezoneId: 'Europe/London' });
  const owner = await ownerContext.newPage();
  await signInAs(owner, 'staff');
  await owner.goto('menu/mybookings');
  const card = owner.locator(`article[data-booking-id="${theirs}"]`);
  await expect(card).toContainText(`Cancelled by Alex Approver (admin): ${reason}`);
  await expect(card.getByRole('button', { name: /^Cancel booking/ })).toHaveCount(0);
  await ownerContext.close();
});

// @global: this makes the demo Sam Reception a room admin for a while, which changes his menu and
// settings; it runs after the specs that check those (the 'global-settings' project) and undoes it.
test('the Reception View offers Cancel only where the site-level admin is room admin; Admins everywhere @global', async ({ page, browser, baseURL }) => {
  const mine = await newRoom(baseURL!, unique('AC Reception Own'));
  const notMine = await newRoom(baseURL!, unique('AC Reception Other'));
  // Tomorrow in London, 10:00–10:30: always ahead, and on one day.
  const day = londonDate(new Date(Date.now() + 86_400_000));
  const at = (t: string) => `${day}T${t}:00${londonOffset(day)}`;
  const staff = await apiAs(baseURL!, 'staff');
  await book(staff, mine.Id, at('10:00'), at('10:30'), 'Desk move planning');
  await book(staff, notMine.Id, at('10:00'), at('10:30'), 'Visitor briefing');
  await staff.dispose();
  await setRoomAdmins(baseURL!, mine, [await idOf(baseURL!, 'reception')]);
  try {
    await receptionCancels(page, browser, baseURL!, day);
  } finally {
    await setRoomAdmins(baseURL!, mine, []);
  }
});

async function receptionCancels(page: Page, browser: Browser, baseURL: string, day: string) {

  const openTomorrow = async (p: Page) => {
    await p.goto('menu/calendar');
    await expect(p.getByRole('heading', { level: 1, name: 'Reception View' })).toBeVisible();
    if (await p.getByRole('combobox', { name: 'Site' }).inputValue() !== 'London HQ') await choose(p, 'Site', 'London HQ');
    const ahead = Math.round((Date.parse(day) - Date.parse(londonDate(new Date()))) / 86_400_000);
    for (let i = 0; i < ahead; i++) await p.getByRole('button', { name: 'Next' }).click();
    return p.getByTestId('reception-calendar');
  };

  // Sam Reception is the site's site-level admin, and room admin of one of the two rooms only.
  await signInAs(page, 'reception');
  const calendar = await openTomorrow(page);
  await calendar.locator('.rbc-event').filter({ hasText: 'Visitor briefing' }).click();
  const other = page.getByRole('dialog', { name: 'Visitor briefing' });
  await expect(other).toContainText('Booked by Sofia Staff');
  await expect(other.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  await other.getByRole('button', { name: 'Close' }).last().click();
  await expect(other).toBeHidden();

  const event = calendar.locator('.rbc-event').filter({ hasText: 'Desk move planning' });
  await event.click();
  const details = page.getByRole('dialog', { name: 'Desk move planning' });
  await expect(details).toContainText("This is someone else's booking: you give a reason, and they are told by e-mail.");
  await expectNoSeriousA11yViolations(page, 'the Reception View booking details');
  await page.screenshot({ path: `${SHOTS}/adminCancel-3-reception-details.png` });
  await details.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancellation Reason' });
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('Reason').fill('Floor 1 is closed tomorrow morning.');
  await expectNoSeriousA11yViolations(page, 'the Reception View cancellation reason dialog');
  await page.screenshot({ path: `${SHOTS}/adminCancel-4-reception-reason.png` });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(event).toHaveCount(0);
  await expect(calendar.locator('.rbc-event').filter({ hasText: 'Visitor briefing' })).toBeVisible();

  // An Admin may cancel any room's booking: the button is there (not used here).
  const adminContext = await browser.newContext({ baseURL, timezoneId: 'Europe/London' });
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin');
  const adminCalendar = await openTomorrow(admin);
  await adminCalendar.locator('.rbc-event').filter({ hasText: 'Visitor briefing' }).click();
  await expect(admin.getByRole('dialog', { name: 'Visitor briefing' }).getByRole('button', { name: 'Cancel booking' })).toBeVisible();
  await adminContext.close();
}
