import { expect, request, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { DEMO, expectNoSeriousA11yViolations, signIn, signInAs } from './helpers.js';
import { bookRoom, newRoom, SCREENS, unique } from './myBookingsKit.js';

// Issue 25, people's own data: a person downloads everything Hotdesk holds about them from the privacy
// page; an admin erases a person from User Management. Fresh people each run, so the demo people stay.
const PASSWORD = 'personal-data-spec-password-1';
const SHOTS = process.env.PERSONAL_DATA_SHOTS ?? SCREENS;
const SIZES = [{ name: 'phone', width: 375, height: 812 }, { name: 'desktop', width: 1280, height: 800 }] as const;

/** A new person with a password (made by the demo admin), and an API client signed in as them. */
async function newPerson(baseURL: string, name: string) {
  const admin = await request.newContext({ baseURL });
  expect((await admin.post('auth/login', { data: { email: DEMO.admin.email, password: DEMO.admin.password } })).ok()).toBe(true);
  const email = `e2e-data-${unique('p').replace(' ', '-').toLowerCase()}@example.org`;
  const made = await admin.post('api/users', { data: { Email: email, FullName: name, Password: PASSWORD } });
  expect(made.status(), await made.text()).toBe(201);
  await admin.dispose();
  const api = await request.newContext({ baseURL });
  expect((await api.post('auth/login', { data: { email, password: PASSWORD } })).ok()).toBe(true);
  return { email, api };
}

for (const size of SIZES) {
  test(`a person downloads their own data, and nobody else's, from the privacy page (${size.name})`, async ({ browser, baseURL }) => {
    const room = await newRoom(baseURL!, unique('Data room'));
    const mine = await newPerson(baseURL!, 'Dana Download');
    const other = await newPerson(baseURL!, 'Otto Other');
    const myTitle = unique('Dana planning'), otherTitle = unique('Otto secret');
    await bookRoom(mine.api, room.Id, 24 * 60 + (size.name === 'phone' ? 0 : 120), 30, myTitle);
    await bookRoom(other.api, room.Id, 24 * 60 + (size.name === 'phone' ? 60 : 180), 30, otherTitle);

    const context = await browser.newContext({ baseURL, viewport: { width: size.width, height: size.height } });
    const page = await context.newPage();
    await signIn(page, mine.email, PASSWORD);
    await page.goto('privacy');
    const json = page.getByRole('button', { name: 'Download all my data (JSON)' });
    await expect(json).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download my bookings (CSV)' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `privacy, download my data (${size.name})`);
    await page.getByRole('heading', { name: 'Download my data' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/personal-data-download-${size.name}.png` });

    // By keyboard: focus the button and press Enter.
    await json.focus();
    const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(file.suggestedFilename()).toMatch(/^hotdesk-my-data-\d{4}-\d\d-\d\d\.json$/);
    const doc = JSON.parse(await readFile((await file.path())!, 'utf8'));
    expect(doc.Version).toBe(1);
    expect(doc.Profile.Email).toBe(mine.email);
    expect(doc.Bookings.map((b: { Description: string }) => b.Description)).toEqual([myTitle]);
    expect(JSON.stringify(doc)).not.toContain(otherTitle);
    await expect(page.getByText('Your download has started.')).toBeVisible();

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my bookings (CSV)' }).click()]);
    const text = await readFile((await csv.path())!, 'utf8');
    expect(text).toContain(myTitle);
    expect(text).not.toContain(otherTitle);
    await Promise.all([mine.api.dispose(), other.api.dispose(), context.close()]);
  });
}

test('signed out, the privacy page offers a sign-in link instead of the download', async ({ page }) => {
  await page.goto('privacy');
  await expect(page.getByRole('heading', { name: 'Download my data' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download all my data (JSON)' })).toHaveCount(0);
});

for (const size of SIZES) {
  test(`an admin erases a person, who is then gone from User Management (${size.name})`, async ({ browser, baseURL }) => {
    const name = unique('Erin Erasable');
    const person = await newPerson(baseURL!, name);
    await person.api.dispose();
    const context = await browser.newContext({ baseURL, viewport: { width: size.width, height: size.height } });
    const page = await context.newPage();
    await signInAs(page, 'admin');
    await page.goto('menu/settings/usermanagement');
    const search = page.getByRole('textbox', { name: 'Search people' });
    await search.fill(person.email);
    await page.getByRole('button', { name: `Erase ${name}` }).click();

    const dialog = page.getByRole('dialog', { name: `Erase ${name}` });
    const confirm = dialog.getByRole('button', { name: 'Erase person' });
    await expect(confirm).toBeDisabled();
    await expectNoSeriousA11yViolations(page, `erase dialog (${size.name})`);
    const typed = dialog.getByRole('textbox', { name: 'Type their e-mail address to confirm' });
    await expect(typed).toBeFocused();
    await page.keyboard.type(person.email.toUpperCase());
    await expect(confirm).toBeEnabled();
    await page.screenshot({ path: `${SHOTS}/personal-data-erase-${size.name}.png` });
    await page.keyboard.press('Enter');

    await expect(page.getByText(`${person.email} was erased`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No userss Found', { exact: true })).toBeVisible();
    await search.fill(name);
    await expect(page.getByText('No userss Found', { exact: true })).toBeVisible();
    await context.close();
  });
}
