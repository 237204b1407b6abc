import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInAs } from './helpers.js';
import { apiAs, newRoom, unique } from './myBookingsKit.js';

// The room calendar on every screen (issue 20 point 5): a day view and swipes on a phone, a toolbar
// that fits, the scroll hint, past time shaded, every slot reachable and bookable by keyboard, titles
// that wrap, and day hours shared with the Reception View as a site setting. Each test makes its own
// room; dates in May 2030 (BST: wall clock = UTC+1), the keyboard test's week 13–19 May.

const SCREENS = 'test-results/screens';

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openRoomCalendar(page: Page, site: string, room: string) {
  await page.goto('menu/book/meeting/room');
  await expect(page.getByRole('heading', { level: 1, name: 'Book a Meeting Room' })).toBeVisible();
  await choose(page, 'Site', site);
  await page.getByRole('tab', { name: 'Specific room availability' }).click();
  await choose(page, 'Room', room);
}

const toolbarLabel = (page: Page) => page.getByTestId('calendar-toolbar').locator('[aria-live="polite"]');
const focusedSlot = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

/** A sideways swipe with one finger over the calendar (touch events, as a phone sends them). */
async function swipe(page: Page, direction: 'left' | 'right') {
  const box = (await page.getByTestId('room-calendar').boundingBox())!;
  const y = box.y + 200;
  const [from, to] = direction === 'left' ? [box.x + box.width - 40, box.x + 40] : [box.x + 40, box.x + box.width - 40];
  await page.getByTestId('room-calendar').evaluate((el, { from, to, y }) => {
    const touch = (x: number) => new Touch({ identifier: 1, target: el, clientX: x, clientY: y });
    el.dispatchEvent(new TouchEvent('touchstart', { touches: [touch(from)], changedTouches: [touch(from)], bubbles: true }));
    el.dispatchEvent(new TouchEvent('touchend', { touches: [], changedTouches: [touch(to)], bubbles: true }));
  }, { from, to, y });
}

test.describe('on a phone (375×812, touch)', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('opens on the day view with a toolbar that fits, the scroll hint, swipes and taps', async ({ page, baseURL }) => {
    const room = await newRoom(baseURL!, unique('RC Phone'));
    await signInAs(page, 'staff');
    await openRoomCalendar(page, 'London HQ', `${room.Name} (Floor 1)`);
    const calendar = page.getByTestId('room-calendar');
    await expect(calendar).toHaveAttribute('data-view', 'day');
    await expect(page.getByText(/Swipe or use ‹ › for another day/)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'View' })).toHaveValue('Day');
    for (const name of ['Previous day', 'Today', 'Next day']) await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    // Nothing is wider than the screen (the page was 454 px wide before).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Today: what is past is shaded and says so (07:00 London has gone on any run after 07:30).
    const londonMinutes = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hour12: false })
      .format(new Date()).split(':').reduce((h, m) => String(Number(h) * 60 + Number(m))));
    const first = calendar.locator('.rbc-day-slot [data-slot]').first();
    if (londonMinutes > 7 * 60 + 30) {
      await expect(first).toHaveClass(/hd-past/);
      await expect(first).toHaveAttribute('aria-label', /, 07:00–07:30, past, cannot be booked$/);
    }
    await page.screenshot({ path: `${SCREENS}/roomCalendar-1-phone-today.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page, 'the room calendar on a phone');

    await page.getByLabel('Go to date').fill('2030-05-14');
    await page.getByLabel('Go to date').press('Escape'); // its calendar would lie over the grid
    await expect(toolbarLabel(page)).toHaveText('Tue, 14 May 2030');
    await swipe(page, 'left');
    await expect(toolbarLabel(page)).toHaveText('Wed, 15 May 2030');
    await swipe(page, 'right');
    await swipe(page, 'right');
    await expect(toolbarLabel(page)).toHaveText('Mon, 13 May 2030');
    await page.getByRole('button', { name: 'Next day' }).click();
    await expect(toolbarLabel(page)).toHaveText('Tue, 14 May 2030');

    // A tap on a free slot opens the form for that half hour; End makes it longer.
    const slot = calendar.locator('[data-slot="2030-05-14T10:00"]');
    await slot.scrollIntoViewIfNeeded();
    await slot.tap({ force: true }); // the events layer lies over the slots; the calendar takes the touch from there
    const dialog = page.getByRole('dialog', { name: `Book ${room.Name}` });
    await expect(dialog).toContainText(/Tuesday,? 14 May 2030,? 10:00–10:30/);
    await choose(page, 'End', '11:00');
    await expect(dialog).toContainText(/Tuesday,? 14 May 2030,? 10:00–11:00/);
    await dialog.getByLabel('Team Name').fill('Design review from the phone');
    await page.screenshot({ path: `${SCREENS}/roomCalendar-2-phone-form.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${room.Name} booked`).last()).toBeVisible();
    await page.getByRole('dialog', { name: `${room.Name} booked` }).getByRole('button', { name: 'Book another' }).click(); // the confirmation (issue 20 point 7)
    const event = calendar.locator('.rbc-event').filter({ hasText: 'Design review from the phone' });
    await expect(event).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/roomCalendar-3-phone-day.png`, fullPage: true });

    // The week scrolls sideways inside the page, with the hint saying so.
    await choose(page, 'View', 'Week');
    await expect(calendar).toHaveAttribute('data-view', 'week');
    await expect(page.getByText('Scroll sideways to see every day, or choose the Day view')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${SCREENS}/roomCalendar-4-phone-week.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page, 'the room calendar week on a phone');
  });
});

test.describe('on a desktop (1280×800)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('every slot is reachable and bookable by keyboard; titles wrap', async ({ page, baseURL }) => {
    const room = await newRoom(baseURL!, unique('RC Keys'));
    await signInAs(page, 'staff');
    await openRoomCalendar(page, 'London HQ', `${room.Name} (Floor 1)`);
    await expect(page.getByTestId('room-calendar')).toHaveAttribute('data-view', 'week');
    await page.getByLabel('Go to date').fill('2030-05-14');
    await expect(toolbarLabel(page)).toHaveText('13 – 19 May 2030');

    // Tab reaches the grid: one stop, on the week's first slot.
    await page.getByLabel('Go to date').focus();
    // Until the focus is on a slot: its name holds a time range ('07:00–07:30', the shared date format).
    for (let i = 0; i < 40 && !/\d\d:\d\d–\d\d:\d\d/.test(await focusedSlot(page)); i++) await page.keyboard.press('Tab');
    expect(await focusedSlot(page)).toBe('Monday, 13 May 2030, 07:00–07:30, free');
    await page.keyboard.press('ArrowRight');
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowDown');
    expect(await focusedSlot(page)).toBe('Tuesday, 14 May 2030, 10:00–10:30, free');
    await page.keyboard.press('End');
    expect(await focusedSlot(page)).toBe('Tuesday, 14 May 2030, 19:30–20:00, free');
    await page.keyboard.press('Home');
    expect(await focusedSlot(page)).toBe('Tuesday, 14 May 2030, 07:00–07:30, free');
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowDown');
    await page.screenshot({ path: `${SCREENS}/roomCalendar-5-keyboard-focus.png` });

    // Enter books the slot; the form offers a longer end.
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Book ${room.Name}` });
    await expect(dialog).toContainText(/Tuesday,? 14 May 2030,? 10:00–10:30/);
    await choose(page, 'End', '11:00');
    const title = 'Design review from the week view'; // the example, cut to 'Design review from' before
    await dialog.getByLabel('Team Name').fill(title);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${room.Name} booked`).last()).toBeVisible();
    await page.getByRole('dialog', { name: `${room.Name} booked` }).getByRole('button', { name: 'Book another' }).click(); // the confirmation (issue 20 point 7)
    const event = page.getByTestId('room-calendar').locator('.rbc-event').filter({ hasText: title });
    await expect(event).toBeVisible();
    // The whole one-hour title is on screen: it wraps instead of being cut.
    const content = event.locator('.rbc-event-content');
    const { scroll, client } = await content.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
    expect(scroll).toBeLessThanOrEqual(client + 1);
    await page.screenshot({ path: `${SCREENS}/roomCalendar-6-keyboard-booked.png` });

    // The slot under the booking says so, and Enter opens the booking.
    await page.locator('[data-slot="2030-05-14T10:30"]').focus();
    expect(await focusedSlot(page)).toBe('Tuesday, 14 May 2030, 10:30–11:00, booked');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: title })).toContainText('Booked by Sofia Staff');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Left from Monday goes to the previous week's Sunday.
    await page.locator('[data-slot="2030-05-13T09:00"]').focus();
    await page.keyboard.press('ArrowLeft');
    await expect(toolbarLabel(page)).toHaveText('6 – 12 May 2030');
    await expect.poll(() => focusedSlot(page)).toBe('Sunday, 12 May 2030, 09:00–09:30, free');
    await expectNoSeriousA11yViolations(page, 'the room calendar with keyboard focus');
  });

  test('an admin sets a site’s day hours; the room calendar and the Reception View show them', async ({ page, baseURL }) => {
    const admin = await apiAs(baseURL!, 'admin');
    const title = unique('RC Hours Site');
    const site = await (await admin.post('api/sites', { data: { Title: title } })).json() as { Id: number };
    const location = await (await admin.post(`api/locations/site/${site.Id}`, { data: { Title: 'Ground' } })).json() as { Id: number };
    const made = await admin.post('api/rooms', { data: { LocationId: location.Id, Name: 'Oak', RoomType: 0, Capacity: 4 } });
    expect(made.status(), await made.text()).toBe(201);
    await admin.dispose();

    await signInAs(page, 'admin');
    await page.goto(`menu/settings/sites/${site.Id}/edit`);
    await expect(page.getByRole('combobox', { name: 'Calendar day starts' })).toHaveValue('07:00');
    await expect(page.getByRole('combobox', { name: 'Calendar day ends' })).toHaveValue('20:00');
    await choose(page, 'Calendar day starts', '08:30');
    await choose(page, 'Calendar day ends', '08:00');
    await expect(page.getByText('The day must end after it starts')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    await choose(page, 'Calendar day ends', '18:00');
    await expect(page.getByText('The day must end after it starts')).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Calendar day ends' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/roomCalendar-7-site-hours.png` });
    await expectNoSeriousA11yViolations(page, 'the site editor with day hours');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(`Site ${title} saved`)).toBeVisible();

    await openRoomCalendar(page, title, 'Oak (Ground)');
    await page.getByLabel('Go to date').fill('2030-05-14');
    const slots = page.getByTestId('room-calendar').locator('.rbc-day-slot').first().locator('[data-slot]');
    await expect(slots.first()).toHaveAttribute('data-slot', '2030-05-13T08:30');
    await expect(slots.last()).toHaveAttribute('data-slot', '2030-05-13T17:30');
    await expect(page.getByTestId('room-calendar').locator('.rbc-time-gutter .rbc-label').first()).toHaveText('08:30');

    await page.goto('menu/calendar');
    await expect(page.getByRole('heading', { level: 1, name: 'Reception View' })).toBeVisible();
    await choose(page, 'Site', title);
    const gutter = page.getByTestId('reception-calendar').locator('.rbc-time-gutter .rbc-label');
    await expect(gutter.first()).toHaveText('08:30');
    await expect(gutter.last()).toHaveText('17:30');
    await page.screenshot({ path: `${SCREENS}/roomCalendar-8-reception-hours.png` });
  });
});
