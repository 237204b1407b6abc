import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { fromWallClock, toWallClock } from '../src/domain/wallClock.js';
import { expectNoSeriousA11yViolations, signIn } from './helpers.js';
import { apiAs, SCREENS, unique } from './myBookingsKit.js';

// "Who's in" (issue 20, point 3): a viewer sees the teammates with a desk on a day, finds one and
// jumps to their desk on the map; a teammate who hides their name, and anyone outside the viewer's
// teams, never appear; the organisation can turn names off. Each run makes its own people and team.

const LONDON_FLOOR = { siteId: 1, locationId: 1, floorplanId: 1 }; // demo: London HQ, Floor 1, 'Floor 1 open plan'
// A day of its own per worker (each project's worker runs beforeAll), 10 to 25 days ahead.
const DAYS_AHEAD = 10 + Math.floor(Math.random() * 16);
const PASSWORD = 'whos-in-e2e-password';
const day = toWallClock(new Date(Date.now() + DAYS_AHEAD * 86_400_000), 'Europe/London').date;

interface Person { id: number; email: string; name: string }
let viewer: Person, ann: Person, ben: Person, hidden: Person, stranger: Person;

async function login(baseURL: string, p: Person): Promise<APIRequestContext> {
  const ctx = await request.newContext({ baseURL });
  const res = await ctx.post('auth/login', { data: { email: p.email, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  return ctx;
}

const desks = new Map<Person, number>();
/** Books the first free desk from `from` upwards (other specs book demo desks too); remembers which. */
async function bookDesk(baseURL: string, p: Person, from: number): Promise<void> {
  const api = await login(baseURL, p);
  try {
    for (let n = from; n <= 18; n++) {
      if (n % 7 === 0) continue; // desks 7 and 14 are not bookable
      const res = await api.post('api/bookings/desk', { data: {
        FloorplanId: LONDON_FLOOR.floorplanId, DeskId: `D${n}`,
        Start: fromWallClock(day, 9 * 60, 'Europe/London').toISOString(), Finish: fromWallClock(day, 17 * 60, 'Europe/London').toISOString(),
      } });
      if (res.status() === 409) continue;
      expect(res.status(), await res.text()).toBe(201);
      desks.set(p, n);
      return;
    }
    throw new Error(`no free desk for ${p.name} on ${day}`);
  } finally { await api.dispose(); }
}

async function saveProfile(baseURL: string, p: Person, hide: boolean): Promise<void> {
  const api = await login(baseURL, p);
  try {
    const res = await api.post('api/users/me', { data: { FullName: p.name, Organisation: 'Demo', Phone: '0100', UseTeams: false, HideNameOnMap: hide } });
    expect(res.status(), await res.text()).toBe(200);
  } finally { await api.dispose(); }
}

test.beforeAll(async ({ baseURL }) => {
  const admin = await apiAs(baseURL!, 'admin');
  try {
    const tag = unique('').trim();
    const person = async (first: string): Promise<Person> => {
      const name = `${first} Whosin${tag}`;
      const email = `${first.toLowerCase()}.${tag}@whosin.example`;
      const res = await admin.post('api/users', { data: { Email: email, FullName: name, Password: PASSWORD } });
      expect(res.status(), await res.text()).toBe(201);
      return { id: (await res.json()).Id, email, name };
    };
    viewer = await person('Vera'); ann = await person('Ann'); ben = await person('Ben');
    hidden = await person('Hugo'); stranger = await person('Stan');
    const team = await admin.post('api/teams', { data: { Name: `Whos in team ${tag}` } });
    expect(team.status(), await team.text()).toBe(201);
    const members = await admin.post(`api/teams/${(await team.json()).Id}/members`, { data: { UserIds: [viewer.id, ann.id, ben.id, hidden.id] } });
    expect(members.status(), await members.text()).toBe(200);
  } finally { await admin.dispose(); }
  await bookDesk(baseURL!, ann, 1);
  await bookDesk(baseURL!, ben, desks.get(ann)! + 1);
  await bookDesk(baseURL!, hidden, desks.get(ben)! + 1);
  await bookDesk(baseURL!, stranger, desks.get(hidden)! + 1);
  await saveProfile(baseURL!, hidden, true);
});

/** Opens Who's in from the home menu and moves to the test's day with the Next day button. */
async function openDay(page: Page, by: 'mouse' | 'keyboard') {
  await signIn(page, viewer.email, PASSWORD);
  const tile = page.getByRole('navigation', { name: 'Home menu' }).getByRole('link', { name: /Who's in/ });
  if (by === 'mouse') await tile.click();
  else { await tile.focus(); await page.keyboard.press('Enter'); }
  await expect(page.getByRole('heading', { level: 1, name: "Who's in" })).toBeVisible();
  const next = page.getByRole('button', { name: 'Next day' });
  for (let i = 0; i < DAYS_AHEAD; i++) {
    if (by === 'mouse') await next.click();
    else { await next.focus(); await page.keyboard.press('Enter'); }
  }
  const london = page.getByRole('heading', { level: 2, name: 'London HQ' });
  await london.waitFor({ timeout: 30_000 }).catch(() => undefined);
  await expect(london, `the list for ${day}: ${await page.getByRole('main').innerText()}`).toBeVisible();
}

const listed = (page: Page) => page.getByRole('main').getByRole('listitem');

for (const size of [{ width: 1280, height: 800 }, { width: 375, height: 812 }]) {
  test(`lists teammates in, never the hidden or others, and shows one on the map by mouse (${size.width}x${size.height})`, async ({ page }) => {
    await page.setViewportSize(size);
    await openDay(page, 'mouse');
    await expect(listed(page).filter({ hasText: ann.name })).toContainText(`Desk ${desks.get(ann)}`);
    await expect(listed(page).filter({ hasText: ben.name })).toContainText(`Desk ${desks.get(ben)}`);
    await expect(page.getByText(hidden.name)).toHaveCount(0);
    await expect(page.getByText(stranger.name)).toHaveCount(0);
    await expect(page.getByRole('main').getByText(/@/)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, `who's in ${size.width}`);
    await page.screenshot({ path: `${SCREENS}/whosin-list-${size.width}.png`, fullPage: true });

    await page.getByRole('link', { name: `Show ${ann.name} on the map` }).click();
    await expect(page).toHaveURL(new RegExp(`/menu/book/desk/${day}T09%3A00/${day}T17%3A00/1/1/1\\?desk=D${desks.get(ann)}$`));
  });
}

test('Find a colleague by keyboard: type a name, Enter opens their desk (375x812)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openDay(page, 'keyboard');
  const search = page.getByRole('searchbox', { name: 'Find a colleague' });
  await search.focus();
  await page.keyboard.type('ben');
  await expect(page.getByText('1 match')).toBeVisible();
  await expect(listed(page)).toHaveCount(1);
  await page.keyboard.type('xyz');
  await expect(page.getByText(/Nobody called “benxyz”/)).toBeVisible();
  for (let i = 0; i < 3; i++) await page.keyboard.press('Backspace');
  await expectNoSeriousA11yViolations(page, "who's in, searching");
  await page.screenshot({ path: `${SCREENS}/whosin-search-375.png`, fullPage: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/1/1/1\\?desk=D${desks.get(ben)}$`));
});

test('a person hides their name in My Profile (keyboard) and leaves the list', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ben.email, PASSWORD);
  await page.goto('menu/myprofile');
  const hide = page.getByRole('switch', { name: 'Hide my name on the desk map' });
  await expect(hide).not.toBeChecked();
  await page.getByRole('textbox', { name: 'Organisation' }).fill('Demo');
  await page.getByRole('textbox', { name: 'Phone' }).fill('0100');
  await page.getByRole('radio', { name: 'No' }).check();
  await hide.focus();
  await page.keyboard.press('Space');
  await expect(hide).toBeChecked();
  await expectNoSeriousA11yViolations(page, 'my profile with the name switch');
  await page.screenshot({ path: `${SCREENS}/whosin-profile-1280.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();

  const viewerPage = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await openDay(viewerPage, 'mouse');
    await expect(listed(viewerPage).filter({ hasText: ann.name })).toHaveCount(1);
    await expect(viewerPage.getByText(ben.name)).toHaveCount(0);
  } finally { await viewerPage.close(); }
});

test('the privacy page says who sees names at desks', async ({ page }) => {
  await page.goto('privacy');
  const section = page.getByRole('region', { name: 'Who can see where you sit' });
  await expect(section).toContainText('only your teammates');
  await expect(section).toContainText('hide your name');
});

test('the organisation turns names off in Global Settings, and nobody is listed @global', async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'admin@demo.hotdesk', 'demo-admin-2026');
  await page.goto('menu/settings/global');
  const group = page.getByRole('radiogroup', { name: "Names on the desk map and in Who's in" });
  await expect(group.getByRole('radio', { name: 'Teammates only' })).toBeChecked();
  await group.getByRole('radio', { name: 'Off' }).check();
  await expectNoSeriousA11yViolations(page, 'global settings with names');
  await page.screenshot({ path: `${SCREENS}/whosin-global-1280.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Global settings saved.')).toBeVisible();
  try {
    const viewerPage = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await signIn(viewerPage, viewer.email, PASSWORD);
    await viewerPage.goto('menu/whosin');
    await expect(viewerPage.getByText('Your organisation has turned names off, so nobody is listed here.')).toBeVisible();
    await expect(viewerPage.getByText(ann.name)).toHaveCount(0);
    await viewerPage.close();
  } finally {
    const admin = await apiAs(baseURL!, 'admin');
    const current = await (await admin.get('api/settings')).json();
    const { HasStandardRooms: _a, HasClinicalRooms: _b, Profile: _p, ...settings } = current;
    expect((await admin.post('api/settings', { data: { ...settings, NamesOnMap: 'teammates' } })).status()).toBe(200);
    await admin.dispose();
  }
});
