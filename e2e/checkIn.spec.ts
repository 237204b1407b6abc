import { expect, test } from '@playwright/test';
import { DEMO, expectNoSeriousA11yViolations, signInAs } from './helpers.js';
import { apiAs, bookRoom, LONDON, newRoom, SCREENS, unique } from './myBookingsKit.js';

// Check-in (issue 5): the Check-in button in My Bookings only inside the window, the anonymous
// check-in from the room's QR address, and the site-level admin's Reception View. Each test makes
// its own room at London HQ (check-ins on), so bookings "now" never clash with other specs'.
test.use({ timezoneId: 'Europe/London' });
// Several axe scans per journey: more than the default 30 s on a 2-core machine.
test.describe.configure({ timeout: 180_000 });

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

test('the Check-in button shows only for a booking starting within 15 minutes', async ({ page, baseURL }) => {
  await signInAs(page, 'staff');
  const room = await newRoom(baseURL!, unique('CI Window Room'));
  const soon = await bookRoom(page.request, room.Id, 5, 30, 'Starts in five minutes');
  const later = await bookRoom(page.request, room.Id, 180, 30, 'Starts in three hours');
  await page.goto('menu/mybookings');
  const soonCard = page.locator(`article[data-booking-id="${soon.Id}"]`);
  const laterCard = page.locator(`article[data-booking-id="${later.Id}"]`);
  await expect(soonCard.getByRole('button', { name: /^Check-in/ })).toBeVisible();
  await expect(laterCard).toContainText('Starts in three hours');
  await expect(laterCard.getByRole('button', { name: /^Check-in/ })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/checkin-1-mybookings-window.png`, fullPage: true });
  await soonCard.getByRole('button', { name: /^Check-in/ }).click();
  await expect(soonCard).toContainText('Checked in by Sofia Staff');
  await expect(soonCard.getByRole('button', { name: /^Check-in/ })).toHaveCount(0);
});

const NOT_THIS_MEETINGS_EMAIL =
  'This e-mail address cannot check in to this meeting. Please use the e-mail address of the person who booked it or the person it was booked for.';

test("anonymous check-in from the QR address, with the booker's e-mail; a made-up one is refused", async ({ browser, baseURL }) => {
  const room = await newRoom(baseURL!, unique('CI QR Room'));
  const staff = await apiAs(baseURL!, 'staff');
  const booking = await bookRoom(staff, room.Id, 5, 30, 'Design review');
  await staff.dispose();

  const visitor = await browser.newContext({ baseURL, timezoneId: 'Europe/London' }); // signed out
  const page = await visitor.newPage();
  const qr = `check-in/${LONDON.siteId}/${LONDON.locationId}/${room.Id}?rn=${slug(room.Name)}`;
  await page.goto(qr);
  await expect(page.getByRole('heading', { level: 1, name: `Check-in: ${room.Name}` })).toBeVisible();
  await expect(page.getByText('Capacity: 6')).toBeVisible();
  const upcoming = page.getByRole('region', { name: 'Upcoming meeting' });
  await expect(upcoming.getByText('Meeting', { exact: true })).toBeVisible();
  // The room does not show descriptions: a signed-out visitor sees times and status only, and no names.
  await expect(page.getByText('Design review')).toHaveCount(0);
  await expect(page.getByText('Sofia Staff')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'the check-in page');

  await page.getByRole('button', { name: 'Check-in' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByRole('textbox', { name: /Your e-mail address/ }).fill('not-an-address');
  await page.getByRole('button', { name: 'Check-in' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/checkin-2-qr-email.png`, fullPage: true });

  // A made-up e-mail is refused, with a message that names nobody; the field is marked.
  const emailBox = page.getByRole('textbox', { name: /Your e-mail address/ });
  await emailBox.fill('someone.else@example.org');
  await page.getByRole('button', { name: 'Check-in' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: NOT_THIS_MEETINGS_EMAIL });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('An error occurred. Unable to check-in.');
  await expect(emailBox).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText("You're Checked-In")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'the check-in page with a refused e-mail');
  await page.screenshot({ path: `${SCREENS}/checkin-2b-qr-refused.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(refusal).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  await page.screenshot({ path: `${SCREENS}/checkin-2c-qr-refused-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  // Typing again clears the refusal.
  await emailBox.fill('someone@example.org');
  await expect(refusal).toHaveCount(0);

  // A failed call shows the error and stays on the check-in page (no redirect to the app root).
  await page.route(`**/api/bookings/check-in/${booking.Id}`, (route) => route.fulfill({ status: 401, json: { Error: 'Please sign in.', Code: 'NOT_SIGNED_IN' } }));
  await page.getByRole('textbox', { name: /Your e-mail address/ }).fill(DEMO.staff.email.toUpperCase()); // the booker's, any case
  await page.getByRole('button', { name: 'Check-in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'An error occurred. Unable to check-in.' })).toBeVisible();
  await page.waitForTimeout(500);
  expect(new URL(page.url()).pathname).toBe(`/hotdesk/check-in/${LONDON.siteId}/${LONDON.locationId}/${room.Id}`);
  await page.unroute(`**/api/bookings/check-in/${booking.Id}`);

  await page.getByRole('button', { name: 'Check-in' }).click();
  await expect(page.getByText("You're Checked-In")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check-in' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'the check-in page after checking in');
  await page.screenshot({ path: `${SCREENS}/checkin-3-qr-done.png`, fullPage: true });

  // At 375 px it still fits.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByText("You're Checked-In")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  await page.screenshot({ path: `${SCREENS}/checkin-4-qr-phone.png`, fullPage: true });
  await visitor.close();
});

test('a room admin turns on descriptions for the check-in page; clinical rooms cannot', async ({ page, browser, baseURL }) => {
  const room = await newRoom(baseURL!, unique('CI Open Room'));
  const staff = await apiAs(baseURL!, 'staff');
  await bookRoom(staff, room.Id, 5, 30, 'Team retro');
  await staff.dispose();
  const visitor = await browser.newContext({ baseURL, timezoneId: 'Europe/London', viewport: { width: 1280, height: 800 } });
  const anon = await visitor.newPage();
  const qr = `check-in/${LONDON.siteId}/${LONDON.locationId}/${room.Id}?rn=${slug(room.Name)}`;
  await anon.goto(qr);
  await expect(anon.getByRole('heading', { level: 1, name: `Check-in: ${room.Name}` })).toBeVisible();
  await expect(anon.getByText('Team retro')).toHaveCount(0);

  await signInAs(page, 'admin');
  await page.goto(`menu/settings/sites/${LONDON.siteId}/locations/${LONDON.locationId}/rooms/${room.Id}/edit`);
  const setting = page.getByRole('switch', { name: 'Show meeting descriptions on the check-in page' });
  await expect(setting).not.toBeChecked();
  await expect(setting).toBeEnabled();
  // A clinical room cannot show them: the switch is off, disabled and says why.
  await page.getByRole('combobox', { name: 'Room type' }).click();
  await page.getByRole('option', { name: 'Clinical Meeting Room' }).click();
  await expect(setting).toBeDisabled();
  await expect(page.getByText('Not available for clinical or restricted rooms')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/checkin-5-room-setting-clinical.png`, fullPage: true });
  await page.getByRole('combobox', { name: 'Room type' }).click();
  await page.getByRole('option', { name: 'Meeting Room', exact: true }).click();
  await expect(setting).toBeEnabled();
  await setting.check({ force: true });
  await expect(setting).toBeChecked();
  await expectNoSeriousA11yViolations(page, 'the room form with the check-in setting');
  await page.screenshot({ path: `${SCREENS}/checkin-6-room-setting-on.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`Room ${room.Name} saved`)).toBeVisible();

  await anon.reload();
  await expect(anon.getByText('Team retro')).toBeVisible();
  await expect(anon.getByText('Sofia Staff')).toHaveCount(0); // still no names
  await anon.screenshot({ path: `${SCREENS}/checkin-7-qr-description.png`, fullPage: true });
  await anon.setViewportSize({ width: 375, height: 812 });
  await expect(anon.getByText('Team retro')).toBeVisible();
  expect(await anon.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  await anon.screenshot({ path: `${SCREENS}/checkin-8-qr-description-phone.png`, fullPage: true });
  await visitor.close();
});

test("the site-level admin's Reception View shows every room with bookings and check-in state", async ({ page, baseURL }) => {
  const room = await newRoom(baseURL!, unique('CI Reception Room'));
  const staff = await apiAs(baseURL!, 'staff');
  const booking = await bookRoom(staff, room.Id, 5, 45, 'Reception check');
  const checked = await staff.post(`api/bookings/check-in/${booking.Id}`, { data: {} });
  expect(checked.ok()).toBe(true);
  await staff.dispose();

  await signInAs(page, 'reception');
  await page.goto('menu');
  await page.getByRole('link', { name: /Reception View/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reception View' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Site' })).toHaveValue('London HQ');
  const calendar = page.getByTestId('reception-calendar');
  await expect(calendar.getByText(`${room.Name} (Floor 1)`)).toBeVisible();
  await expect(calendar.getByText('Thames (Floor 1)')).toBeVisible();
  // A booking that crosses midnight (this test run just before it) is drawn in the all-day strip, where
  // the calendar repeats it: the first drawing is the one to read and open.
  const event = calendar.locator('.rbc-event').filter({ hasText: 'Reception check' }).first();
  await expect(event).toContainText('Checked in');
  // The scrolling time grid is a Tab stop even when no booking inside it is (all in the all-day strip).
  await expect(calendar.getByRole('group', { name: /^Times of the day/ })).toHaveAttribute('tabindex', '0');
  await page.screenshot({ path: `${SCREENS}/reception-1-day.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page, 'the Reception View');
  await event.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Booked by Sofia Staff');
  await expect(dialog).toContainText('Checked in by Sofia Staff');
  await page.screenshot({ path: `${SCREENS}/reception-2-details.png`, fullPage: true });
});

// Issue 20, point 6: the Reception View draws the site's wall clock, not the device's. A browser in
// Auckland (11-13 hours from London) must see a London booking at its London times.
test.describe('a reception device in another time zone', () => {
  test.use({ timezoneId: 'Pacific/Auckland' });
  test('the Reception View shows the site\'s times and says which zone they are in', async ({ page, baseURL }) => {
    const room = await newRoom(baseURL!, unique('CI Reception Zone Room'));
    const staff = await apiAs(baseURL!, 'staff');
    const booking = await bookRoom(staff, room.Id, 5, 45, 'Zone check');
    await staff.dispose();
    const londonTime = (iso: string) => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' }).format(new Date(iso));

    await signInAs(page, 'reception');
    await page.goto('menu/calendar');
    await expect(page.getByRole('heading', { level: 1, name: 'Reception View' })).toBeVisible();
    await expect(page.getByText("Times are in the site's time zone (Europe/London).")).toBeVisible();
    const event = page.getByTestId('reception-calendar').locator('.rbc-event').filter({ hasText: 'Zone check' }).first();
    await expect(event).toBeVisible();
    await event.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(londonTime(booking.Start));
    await expect(dialog).toContainText(londonTime(booking.Finish));
    await page.keyboard.press('Escape');
  });
});
