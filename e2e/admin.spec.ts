import { readFileSync } from 'node:fs';
import { expect, request, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO, expectNoSeriousA11yViolations, readMenuTiles, signIn, signInAs, type DemoPerson } from './helpers.js';

// Administration (issue 6): roles (on a person this spec pre-registers: the demo people's roles stay
// as they are, other specs rely on them), bulk cancellation with a reason, a report and its CSV, the
// profile editor (of a new person) and the tag chooser page. Desk bookings are made through the API
// as the demo staff member on London HQ (floorplan 1) on days in May 2030 that only this spec uses.

const SCREENS = process.env.ADMIN_SCREENS ?? 'test-results/screens';
const PASSWORD = 'admin-spec-password-1';
// Long journeys on a shared, busy server.
test.describe.configure({ timeout: 180_000 });
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A YYYY-MM-DD day as the date fields show it in en-GB (the shared date field, issue 20 point 6): DD/MM/YYYY. */
const asTyped = (day: string) => day.split('-').reverse().join('/');

async function apiAs(baseURL: string, who: DemoPerson | { email: string; password: string }): Promise<APIRequestContext> {
  const ctx = await request.newContext({ baseURL });
  const creds = typeof who === 'string' ? DEMO[who] : who;
  const res = await ctx.post('auth/login', { data: { email: creds.email, password: creds.password } });
  expect(res.ok(), await res.text()).toBe(true);
  return ctx;
}

/** A desk booking made by the demo staff member (London HQ, floorplan 1; May 2030 is BST, UTC+1). */
async function bookDesk(staff: APIRequestContext, deskId: string, day: string, from = '09:00', to = '12:00'): Promise<number> {
  const res = await staff.post('api/bookings/desk', { data: { FloorplanId: 1, DeskId: deskId, Start: `${day}T${from}:00+01:00`, Finish: `${day}T${to}:00+01:00` } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).Id;
}

async function newSignedInPage(browser: Browser, baseURL: string, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, email, password);
  return page;
}

test('an admin pre-registers a person and gives them a role; the person\'s menu changes', async ({ page, browser, baseURL }) => {
  const email = `e2e-role-${stamp()}@example.org`;
  await signInAs(page, 'admin');
  await page.goto('menu/settings/usermanagement');
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'user management');

  // The search: 3 characters, and the exact empty text.
  await page.getByRole('textbox', { name: 'Search people' }).fill('zzqxq-nobody');
  await expect(page.getByText('No userss Found', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Pre-register a person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pre-register a person' });
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Full name' }).fill('Rowan Rolewise');
  await dialog.getByLabel('Password (optional)').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Add person' }).click();

  // The Assign Roles dialog opens for the new person, with no role ticked; a pre-registration expects
  // single sign-on (issue 18).
  const roles = page.getByRole('dialog', { name: 'Assign Roles: Rowan Rolewise' });
  await expect(roles.getByRole('checkbox', { name: 'Reporting' })).not.toBeChecked();
  const sso = roles.getByRole('switch', { name: 'Expects single sign-on' });
  await expect(sso).toBeChecked();
  await page.screenshot({ path: `${SCREENS}/admin-1-roles-dialog.png`, fullPage: true });

  // Before the role: the person's Settings tile is disabled.
  const person = await newSignedInPage(browser, baseURL!, email, PASSWORD);
  await person.goto('menu');
  expect((await readMenuTiles(person)).find((t) => t.label === 'Settings')).toEqual({ label: 'Settings', enabled: false });

  await roles.getByRole('checkbox', { name: 'Reporting' }).check();
  await sso.uncheck();
  await roles.getByRole('button', { name: 'Save' }).click();
  await expect(roles).toBeHidden();
  await expect(page.getByText('Roles saved for Rowan Rolewise.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Rowan Rolewise/ })).toBeVisible();
  // Opened again: the single sign-on mark was saved with the roles.
  await page.getByRole('button', { name: 'Assign roles to Rowan Rolewise' }).click();
  await expect(sso).not.toBeChecked();
  await expect(roles.getByRole('checkbox', { name: 'Reporting' })).toBeChecked();
  await page.screenshot({ path: `${SCREENS}/admin-1b-roles-dialog-sso.png`, fullPage: true });
  await roles.getByRole('button', { name: 'Cancel' }).click();
  await expect(roles).toBeHidden();

  // After: the same person, on their next page load, may open Settings and sees Reporting there.
  await person.reload();
  expect((await readMenuTiles(person)).find((t) => t.label === 'Settings')).toEqual({ label: 'Settings', enabled: true });
  await person.goto('menu/settings');
  await expect(person.getByRole('link', { name: 'Reporting' })).toBeVisible();
  await expect(person.getByRole('link', { name: 'User Management' })).toHaveCount(0);
  await person.context().close();

  // The admins export downloads a CSV naming the demo admin.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export admins (CSV)' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('Id,FullName,Email');
  expect(csv).toContain(`Ada Admin,${DEMO.admin.email}`);
  expect(csv).not.toContain(email);

  // Teams tab: the exact empty text. (The notification floats over the page; axe reads the page once it is gone.)
  await expect(page.getByText('Roles saved for Rowan Rolewise.')).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole('tab', { name: 'Teams' }).click();
  await page.getByRole('textbox', { name: 'Find a team' }).fill('no-such-team-zzq');
  await expect(page.getByText('No teams found', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'user management, teams');
});

test('a booking manager bulk-cancels desk bookings with a reason (all, then partial)', async ({ page, baseURL }) => {
  const staff = await apiAs(baseURL!, 'staff');
  const day = '2030-05-14';
  const ids = [await bookDesk(staff, 'D15', day), await bookDesk(staff, 'D16', day, '13:00', '17:00')];

  await signInAs(page, 'manager');
  await page.goto('menu/settings/manageBookings');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Desk Bookings' })).toBeVisible();
  await page.getByRole('textbox', { name: /^From\b/ }).fill(day);
  await page.getByRole('textbox', { name: /^To\b/ }).fill(day);
  await page.getByRole('combobox', { name: 'Site' }).click();
  await page.getByRole('option', { name: 'London HQ' }).click();
  await page.getByRole('combobox', { name: 'Location' }).click();
  await page.getByRole('option', { name: 'Floor 1' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: /desk bookings? found/ });
  await expect(table.getByRole('row')).toHaveCount(3); // header + 2
  await expectNoSeriousA11yViolations(page, 'manage desk bookings with results');

  await page.getByRole('checkbox', { name: 'Select all bookings that can be cancelled' }).check();
  await page.getByRole('button', { name: 'Cancel selected bookings (2)' }).click();
  const reason = page.getByRole('dialog', { name: 'Cancellation Reason' });
  await expect(reason.getByRole('button', { name: 'Save' })).toBeDisabled();
  await reason.getByRole('textbox', { name: 'Reason' }).fill('   ');
  await expect(reason.getByRole('button', { name: 'Save' })).toBeDisabled();
  await reason.getByRole('textbox', { name: 'Reason' }).fill('Floor closed for maintenance');
  await page.screenshot({ path: `${SCREENS}/admin-2-cancel-reason.png`, fullPage: true });
  await reason.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'All selected bookings cancelled.' })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Cancelled', exact: true })).toHaveCount(2);
  for (const id of ids) {
    const mine = await (await staff.get('api/bookings/my')).json();
    const b = (Array.isArray(mine) ? mine : mine.Bookings ?? []).find((x: { Id: number }) => x.Id === id);
    if (b) expect(b).toMatchObject({ Status: 3, CancelledByAdmin: true, CancellationReason: 'Floor closed for maintenance' });
  }
  await page.screenshot({ path: `${SCREENS}/admin-3-cancelled.png`, fullPage: true });

  // Partial: two chosen, but one is cancelled by its owner before the manager saves.
  const day2 = '2030-05-15';
  const [keep, gone] = [await bookDesk(staff, 'D15', day2), await bookDesk(staff, 'D16', day2, '13:00', '17:00')];
  await page.getByRole('textbox', { name: /^From\b/ }).fill(day2);
  await page.getByRole('textbox', { name: /^To\b/ }).fill(day2);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Select all bookings that can be cancelled' }).check();
  await page.getByRole('button', { name: 'Cancel selected bookings (2)' }).click();
  const own = await staff.delete('api/bookings', { data: { Id: gone } });
  expect(own.status(), await own.text()).toBe(200);
  await reason.getByRole('textbox', { name: 'Reason' }).fill('Floor closed');
  await reason.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '1 out of 2 bookings cancelled. There were issues cancelling the remaining bookings' })).toBeVisible();
  void keep;

  // Empty results name what was searched.
  await page.getByRole('textbox', { name: /^From\b/ }).fill('2030-05-16');
  await page.getByRole('textbox', { name: /^To\b/ }).fill('2030-05-16');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No bookings found for the search options chosen above.', { exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Desk' }).click();
  await page.getByRole('option', { name: /^Desk 15 / }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No bookings found for the chosen desk.', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'manage desk bookings, empty');
  await staff.dispose();
});

test('a reporting user runs a report for a day and downloads its CSV', async ({ page, baseURL }) => {
  const staff = await apiAs(baseURL!, 'staff');
  const day = '2030-05-21';
  await bookDesk(staff, 'D17', day, '09:00', '12:00');
  await bookDesk(staff, 'D18', day, '13:00', '17:00'); // one person holds one desk at a time
  await staff.dispose();

  await signInAs(page, 'reports');
  await page.goto('menu/settings/reporting');
  await expect(page.getByRole('heading', { level: 1, name: 'Reporting' })).toBeVisible();
  // Defaults to the current month.
  const now = new Date();
  const monthStart = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-01`;
  await expect(page.getByRole('textbox', { name: /^From\b/ })).toHaveValue(asTyped(monthStart));
  await expectNoSeriousA11yViolations(page, 'reporting');

  // The end is kept at or after the start.
  await page.getByRole('textbox', { name: /^To\b/ }).fill('2030-05-20');
  await page.getByRole('textbox', { name: /^From\b/ }).fill(day);
  await expect(page.getByRole('textbox', { name: /^To\b/ })).toHaveValue(asTyped(day));

  await page.getByText('Desk', { exact: true }).click();
  await page.getByRole('button', { name: 'Run report' }).click();
  const table = page.getByRole('table', { name: /Active \(pending or approved\) bookings/ });
  await expect(table.getByRole('row', { name: 'London HQ / Floor 1 2' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Bookings per label, as a bar chart' })).toContainText('London HQ / Floor 1');
  await page.screenshot({ path: `${SCREENS}/admin-4-report.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page, 'reporting with a result');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`bookings-desk-${day.replace(/-/g, '-')}-${day}.csv`);
  const lines = readFileSync(await file.path(), 'utf8').split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('Label,BookingId,Kind,Site,Location,Desk or room,Start,Finish,Time Zone,Status,Booked by,Booked by e-mail,On behalf of');
  expect(lines.slice(1)).toHaveLength(2);
  expect(lines[1]).toMatch(/^London HQ \/ Floor 1,\d+,Desk,London HQ,Floor 1,Desk 17,2030-05-21T09:00:00\+01:00,2030-05-21T12:00:00\+01:00,Europe\/London,Approved,Sofia Staff,staff@demo.hotdesk,$/);
  expect(lines[2]).toMatch(/^London HQ \/ Floor 1,\d+,Desk,London HQ,Floor 1,Desk 18,2030-05-21T13:00:00\+01:00,2030-05-21T17:00:00\+01:00,Europe\/London,Approved,Sofia Staff,staff@demo.hotdesk,$/);

  // The tag filter needs a tag before it runs.
  await page.getByText('Tag', { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Run report' })).toBeDisabled();
});

test('a new person completes their profile (photo included); a refused save shows the server\'s text', async ({ browser, baseURL }) => {
  const email = `e2e-profile-${stamp()}@example.org`;
  const admin = await apiAs(baseURL!, 'admin');
  const made = await admin.post('api/users', { data: { Email: email, FullName: 'Pat Profile', Password: PASSWORD } });
  expect(made.status(), await made.text()).toBe(201);
  await admin.dispose();

  const page = await newSignedInPage(browser, baseURL!, email, PASSWORD);
  await page.goto('menu/myprofile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save' });
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('readonly', '');
  await expect(save).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'my profile, new');

  await page.getByRole('textbox', { name: 'Organisation' }).fill('Demo Health Trust');
  await page.getByRole('textbox', { name: 'Phone' }).fill('0100 123 456');
  await expect(save).toBeDisabled(); // the Teams question is not answered yet
  await page.getByRole('radio', { name: 'Yes' }).check();
  await expect(save).toBeEnabled();
  await page.getByRole('textbox', { name: 'Full name' }).fill('');
  await expect(save).toBeDisabled();
  await page.getByRole('textbox', { name: 'Full name' }).fill('Pat Profile-Smith');
  await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Your photo' })).toBeVisible();

  // A refusal shows the server's Error text.
  await page.route('**/api/users/me', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ Success: false, Error: 'Phone is mandatory', Code: 'BAD_INPUT' }) }));
  await save.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Phone is mandatory' })).toBeVisible();
  await page.unroute('**/api/users/me');

  await save.click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await expect(page.getByText('Your profile has been saved.')).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: `${SCREENS}/admin-5-profile.png`, fullPage: true });
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Pat Profile-Smith');
  await expect(page.getByRole('textbox', { name: 'Organisation' })).toHaveValue('Demo Health Trust');
  await expect(page.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await expect(page.getByRole('img', { name: 'Your photo' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Pat Profile-Smith');
  await expectNoSeriousA11yViolations(page, 'my profile, saved');
  await page.context().close();
});

test('the tag chooser test page, and narrow screens', async ({ page }) => {
  await signInAs(page, 'staff');
  await page.goto('menu/tagTesting');
  await expect(page.getByRole('heading', { level: 1, name: 'Tag chooser test' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Tags' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'tag chooser test');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('menu/myprofile');
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/admin-6-profile-375.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  expect(overflow).toBe(false);
});
