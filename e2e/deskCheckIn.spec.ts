import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { makeDesk, makeDrawing } from '../src/domain/layout/testDrawings.js';
import { DEMO, expectNoSeriousA11yViolations, signIn } from './helpers.js';
import { apiAs, SCREENS, unique } from './myBookingsKit.js';

// Desk check-in (issue 24): the QR flow (sign in from the desk's code and come back checked in; a free
// desk booked now and checked in at once), the admin's printable sheet of desk codes and the setting.
// Each test builds a site of its own with desk check-in on, so other specs' desks and bookings stay as
// they expect; bookings made here are cancelled at the end (one person holds one desk at a time).
test.use({ timezoneId: 'Europe/London' });
test.describe.configure({ timeout: 180_000 });

/** Screens go to test-results/screens unless SCREENS_DIR names another folder (a shared host clears test-results). */
const SHOTS = process.env['SCREENS_DIR'] ?? SCREENS;
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

interface Floor { siteId: number; locationId: number; floorplanId: number; name: string }

/** A site (desk booking on, desk check-in on), a location and a floorplan with desks A-1..A-14 published. */
async function ownFloor(baseURL: string): Promise<Floor> {
  const admin = await apiAs(baseURL, 'admin');
  try {
    const name = unique('DCI');
    const site = await admin.post('api/sites', { data: { Title: `${name} site`, TimeZone: 'Europe/London', DeskBookingEnabled: true, RoomBookingEnabled: false } });
    expect(site.status(), await site.text()).toBeLessThan(300);
    const siteId = (await site.json()).Id as number;
    const checkIns = await admin.put(`api/sites/${siteId}/desk-check-in`, { data: { Required: true, BeforeMinutes: 15, AfterMinutes: 30 } });
    expect(checkIns.status(), await checkIns.text()).toBe(200);
    const location = await admin.post(`api/locations/site/${siteId}`, { data: { Title: `${name} floor` } });
    const locationId = (await location.json()).Id as number;
    const created = await admin.post(`api/floorplans/location/${locationId}`, { data: { Name: `${name} plan` } });
    expect(created.status(), await created.text()).toBe(201);
    const { floorplanId, layoutId } = await created.json() as { floorplanId: number; layoutId: number };
    const desks = Array.from({ length: 14 }, (_, i) => makeDesk({ id: `A-${i + 1}`, alias: `A-${i + 1}`, x: 100 + (i % 7) * 80, y: 100 + Math.floor(i / 7) * 80 }));
    const published = await admin.post(`api/floorplans/${floorplanId}/layout/${layoutId}/publish`, { data: makeDrawing({ desks }) });
    expect(published.status(), await published.text()).toBe(200);
    return { siteId, locationId, floorplanId, name };
  } finally {
    await admin.dispose();
  }
}

async function bookDeskNow(api: APIRequestContext, floorplanId: number, deskId: string): Promise<number> {
  const start = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const res = await api.post('api/bookings/desk', { data: { FloorplanId: floorplanId, DeskId: deskId, Start: start.toISOString(), Finish: new Date(start.getTime() + 2 * 3_600_000).toISOString() } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).Id as number;
}

const cancel = (api: APIRequestContext, id: number) => api.delete('api/bookings', { data: { Id: id } });

async function shoot(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/desk-checkin-${name}-${size}.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

test("scanning my desk's code signs me in, comes back, and checks my booking in", async ({ page, baseURL }) => {
  const floor = await ownFloor(baseURL!);
  const staff = await apiAs(baseURL!, 'staff');
  const booking = await bookDeskNow(staff, floor.floorplanId, 'A-3');
  try {
    await page.setViewportSize(DESKTOP);
    await page.goto(`desk-check-in/${floor.floorplanId}/A-3`);
    await expect(page).toHaveURL(/\/login\?returnTo=/);
    await signIn(page, DEMO.staff.email, DEMO.staff.password);
    await expect(page).toHaveURL(new RegExp(`/desk-check-in/${floor.floorplanId}/A-3$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Check in: A-3' })).toBeVisible();
    await expect(page.getByText('Bookings here need a check-in from 15 minutes before to 30 minutes after their start')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the desk check-in page');
    await shoot(page, '1-before');
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: "You're checked in." })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check in', exact: true })).toHaveCount(0);
    await shoot(page, '2-checked-in');

    // Another desk: not mine. It names my desk; the free desk offers "book now" (which one desk per person then refuses).
    await page.goto(`desk-check-in/${floor.floorplanId}/A-4`);
    await expect(page.getByTestId('desk-elsewhere')).toContainText('This is not your desk: you booked A-3');
  } finally {
    await cancel(staff, booking);
    await staff.dispose();
  }
});

test('a free desk is booked now and checked in at once; a taken one says so', async ({ page, baseURL }) => {
  const floor = await ownFloor(baseURL!);
  const staff = await apiAs(baseURL!, 'staff');
  const taken = await bookDeskNow(staff, floor.floorplanId, 'A-2');
  const reception = await apiAs(baseURL!, 'reception');
  try {
    await page.setViewportSize(DESKTOP);
    await page.goto('login');
    await signIn(page, DEMO.reception.email, DEMO.reception.password);
    await page.goto(`desk-check-in/${floor.floorplanId}/A-2`);
    await expect(page.getByText(/^This desk is taken now/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book now and check in' })).toHaveCount(0);
    await shoot(page, '3-taken');

    await page.goto(`desk-check-in/${floor.floorplanId}/A-1`);
    await expect(page.getByText('You have no booking at this desk now.')).toBeVisible();
    await expect(page.getByText(/This desk is free\. You can book it now until/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the desk check-in page, free desk');
    await shoot(page, '4-free');
    const answer = page.waitForResponse((r) => r.url().endsWith('/book-now') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Book now and check in' }).click();
    const booked = (await (await answer).json()) as { Booking: { Id: number; CheckedIn: boolean } };
    expect(booked.Booking.CheckedIn).toBe(true);
    await expect(page.getByRole('status').filter({ hasText: "You're checked in." })).toBeVisible();
    await expect(page.getByText(/Booked until \d\d:\d\d\. You're checked in\./)).toBeVisible();
    await shoot(page, '5-booked-now');
    await cancel(reception, booked.Booking.Id);
  } finally {
    await cancel(staff, taken);
    await staff.dispose();
    await reception.dispose();
  }
});

test("the admin prints a floor's desk codes, and sets desk check-in per site and location", async ({ page, baseURL }) => {
  const floor = await ownFloor(baseURL!);
  await page.setViewportSize(DESKTOP);
  await page.goto('login');
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto(`menu/settings/sites/${floor.siteId}/locations/${floor.locationId}/floorplans`);
  await page.getByRole('link', { name: `Desk QR codes of ${floor.name} plan` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Desk QR codes: ${floor.name} plan` })).toBeVisible();
  await expect(page.getByText('14 desks on 2 A4 pages.', { exact: false })).toBeVisible();
  const sheet = page.getByTestId('desk-qr-sheet');
  await expect(sheet.getByRole('img')).toHaveCount(14);
  await expect(sheet.getByRole('group', { name: 'Page 1' }).getByRole('img')).toHaveCount(12);
  await expect(sheet.getByRole('img', { name: 'QR code for desk A-10' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the desk QR sheet');
  await shoot(page, '6-qr-sheet');
  // The print layout at A4's printable width (190 mm at 96 dpi): two pages of 277 mm, twelve codes on the first.
  await page.setViewportSize({ width: 718, height: 1047 });
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: `${SHOTS}/desk-checkin-7-qr-sheet-print.png`, fullPage: true });
  const pdf = await page.pdf({ format: 'A4', path: `${SHOTS}/desk-checkin-7-qr-sheet.pdf` });
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(2);
  await page.setViewportSize(DESKTOP);
  await page.emulateMedia({ media: 'screen' });

  // The setting: validated on the screen, saved, and the location inherits until it overrides.
  await page.goto(`menu/settings/sites/${floor.siteId}/edit`);
  const section = page.getByRole('region', { name: 'Desk check-in' });
  await expect(section.getByRole('switch', { name: 'Desk bookings need a check-in' })).toBeChecked();
  await section.getByRole('textbox', { name: 'Closes, minutes after the start' }).fill('5');
  await section.getByRole('button', { name: 'Save desk check-in' }).click();
  await expect(section.getByText('Check-in must stay open between 15 and 240 minutes after the start (whole minutes).')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the site desk check-in section');
  await shoot(page, '8-site-setting');
  await section.getByRole('textbox', { name: 'Closes, minutes after the start' }).fill('45');
  await section.getByRole('button', { name: 'Save desk check-in' }).click();
  await expect(page.getByText('Desk check-in setting saved')).toBeVisible();

  await page.goto(`menu/settings/sites/${floor.siteId}/locations/${floor.locationId}/edit`);
  const locationSection = page.getByRole('region', { name: 'Desk check-in' });
  await expect(locationSection.getByRole('radio', { name: 'As the site (on)' })).toBeChecked();
  await expect(locationSection.getByText("the site's: 15 minutes before to 45 after")).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the location desk check-in section');
  await shoot(page, '9-location-setting');
});

/** "HH:MM" of an instant on London's clock (the test site's), for the desk map's address. */
const londonHm = (d: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
const londonDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(d);

test('My Bookings and the desk map offer "Check in" for my desk booking starting now, then say checked in', async ({ page, baseURL }) => {
  const floor = await ownFloor(baseURL!);
  const staff = await apiAs(baseURL!, 'staff');
  const booking = await bookDeskNow(staff, floor.floorplanId, 'A-5');
  try {
    await page.setViewportSize(DESKTOP);
    await page.goto('login');
    await signIn(page, DEMO.staff.email, DEMO.staff.password);

    // The desk map: my desk's panel offers it too (the same component), for the times shown.
    const from = new Date(Math.floor(Date.now() / 900_000) * 900_000);
    const to = new Date(Math.min(from.getTime() + 3_600_000, new Date(`${londonDay(from)}T23:45:00Z`).getTime()));
    await page.goto(`menu/book/desk/${londonDay(from)}T${londonHm(from)}/${londonDay(from)}T${londonHm(to)}/${floor.siteId}/${floor.locationId}/${floor.floorplanId}?desk=A-5`);
    const panel = page.locator('[data-desk-panel]');
    await expect(panel.getByRole('heading', { name: 'A-5' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Check in at Desk A-5' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the desk map, my desk with check-in');
    await shoot(page, '10-map-check-in');

    await page.goto('menu/mybookings');
    const card = page.locator(`article[data-booking-id="${booking}"]`);
    const button = card.getByRole('button', { name: 'Check in at A-5' });
    await expect(button).toBeVisible();
    await expect(card).not.toContainText('Checked in');
    await expectNoSeriousA11yViolations(page, 'My Bookings with a desk check-in');
    await shoot(page, '11-my-bookings-check-in');
    // By keyboard: focus the button and press Enter.
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText("You're checked in.")).toBeVisible();
    await expect(card.getByText(/^Checked in/)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Check in at A-5' })).toHaveCount(0);
    const state = await staff.get(`api/desk-check-in/${floor.floorplanId}/A-5`);
    expect((await state.json()).YourBooking).toMatchObject({ Id: booking, CheckedIn: true });
    await expectNoSeriousA11yViolations(page, 'My Bookings after the desk check-in');
    await shoot(page, '12-my-bookings-checked-in');

    // Back on the map, the panel now says so instead of offering the button.
    await page.goto(`menu/book/desk/${londonDay(from)}T${londonHm(from)}/${londonDay(from)}T${londonHm(to)}/${floor.siteId}/${floor.locationId}/${floor.floorplanId}?desk=A-5`);
    await expect(panel.getByText('Checked in')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Check in at Desk A-5' })).toHaveCount(0);
  } finally {
    await cancel(staff, booking);
    await staff.dispose();
  }
});

test.describe('the desk map\'s check-in code', () => {
  // page.route must see the chunk's request: no service worker taking it through its cache.
  test.use({ serviceWorkers: 'block' });

  test('a check-in whose code cannot be loaded says so on the map, and Try again loads it', async ({ page, baseURL }) => {
    const floor = await ownFloor(baseURL!);
    const staff = await apiAs(baseURL!, 'staff');
    const booking = await bookDeskNow(staff, floor.floorplanId, 'A-6');
    const chunk = /\/assets\/DeskCheckInAction-[^/]+\.js$/;
    let refused = 0;
    try {
      await page.setViewportSize(DESKTOP);
      await page.goto('login');
      await signIn(page, DEMO.staff.email, DEMO.staff.password);
      await page.route(chunk, (route) => { refused++; return route.abort('connectionrefused'); });
      const from = new Date(Math.floor(Date.now() / 900_000) * 900_000);
      const to = new Date(Math.min(from.getTime() + 3_600_000, new Date(`${londonDay(from)}T23:45:00Z`).getTime()));
      await page.goto(`menu/book/desk/${londonDay(from)}T${londonHm(from)}/${londonDay(from)}T${londonHm(to)}/${floor.siteId}/${floor.locationId}/${floor.floorplanId}?desk=A-6`);
      const panel = page.locator('[data-desk-panel]');
      await expect(panel.getByRole('heading', { name: 'A-6' })).toBeVisible();
      const failed = panel.getByRole('alert').filter({ hasText: 'Check-in could not be loaded.' });
      await expect(failed).toBeVisible();
      // The rest of the panel works: the booking form is there.
      await expect(panel.getByRole('button', { name: 'Save' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'the desk map when the check-in cannot be loaded');
      await shoot(page, '13-map-check-in-failed');

      // Try again while still refused: asked again, the same message.
      const before = refused;
      await failed.getByRole('button', { name: 'Try again' }).click();
      await expect.poll(() => refused).toBeGreaterThan(before);
      await expect(failed).toBeVisible();
      // The connection is back.
      await page.unroute(chunk);
      await failed.getByRole('button', { name: 'Try again' }).click();
      await expect(panel.getByRole('button', { name: 'Check in at Desk A-6' })).toBeVisible();
      await expect(failed).toHaveCount(0);
    } finally {
      await cancel(staff, booking);
      await staff.dispose();
    }
  });
});
