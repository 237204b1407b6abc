import { expect, test, type Page } from '@playwright/test';
import { DEMO, readMenuTiles, signIn, signInAs, type DemoPerson } from './helpers.js';

// The foundation journeys: who sees which tiles and settings buttons, sign-in and sign-out,
// coming back to the page first asked for, and global settings steering the menu.

const ALL_BOOKING = ['My Bookings', 'Book a Desk', "Who's in", 'Book a Meeting Room', 'Book a Clinical Room'];
const on = (label: string) => ({ label, enabled: true });
const off = (label: string) => ({ label, enabled: false });

/** Demo settings: desk and room booking on, standard and clinical rooms exist, no maintenance, no pending requests. */
const EXPECTED_TILES: Record<DemoPerson, { label: string; enabled: boolean }[]> = {
  admin: [...ALL_BOOKING.map(on), on('My Profile'), on('Settings')],
  manager: [...ALL_BOOKING.map(on), on('My Profile'), on('Settings')],
  reports: [...ALL_BOOKING.map(on), on('My Profile'), on('Settings')],
  approver: [...ALL_BOOKING.map(on), on('My Profile'), on('Settings')],
  reception: [...ALL_BOOKING.map(on), on('Reception View'), on('My Profile'), off('Settings')],
  staff: [...ALL_BOOKING.map(on), on('My Profile'), off('Settings')],
};

const EXPECTED_SETTINGS_BUTTONS: Partial<Record<DemoPerson, string[]>> = {
  admin: ['Configure Sites', 'User Management', 'Global Settings', 'Closures', 'Manage Desk Bookings', 'Reporting', 'Insights', 'Audit Log'],
  manager: ['Manage Desk Bookings'],
  reports: ['Reporting', 'Insights'],
  approver: ['Update Room Details'],
};

/** The home menu's Settings tile lists what that person's panel holds (issue 20, point 8). */
const SETTINGS_TILE_TEXT: Partial<Record<DemoPerson, string>> = {
  admin: 'Sites, floors and rooms, people and roles, global settings, closures, desk bookings, reports, insights and the audit log.',
  manager: 'Desk bookings.',
  reports: 'Reports and insights.',
  approver: 'Room details.',
};

const settingsButtons = (page: Page) => page.getByRole('navigation', { name: 'Settings' }).getByRole('link');

for (const who of Object.keys(EXPECTED_TILES) as DemoPerson[]) {
  test(`${who} sees exactly their home menu tiles`, async ({ page }) => {
    await signInAs(page, who);
    await expect(page).toHaveURL(/\/hotdesk\/menu$/);
    await expect(page.getByRole('button', { name: `User menu for ${DEMO[who].name}` })).toBeVisible();
    expect(await readMenuTiles(page)).toEqual(EXPECTED_TILES[who]);
    // Disabled tiles are announced as disabled and are not links.
    for (const tile of EXPECTED_TILES[who].filter((t) => !t.enabled)) {
      await expect(page.getByRole('link', { name: tile.label })).toHaveCount(0);
    }
  });
}

for (const [who, buttons] of Object.entries(EXPECTED_SETTINGS_BUTTONS) as [DemoPerson, string[]][]) {
  test(`${who} sees exactly their settings buttons`, async ({ page }) => {
    await signInAs(page, who);
    await expect(page.locator('[data-tile="settings"]')).toContainText(SETTINGS_TILE_TEXT[who]!);
    await page.getByRole('link', { name: /^Settings/ }).click();
    await expect(page).toHaveURL(/\/hotdesk\/menu\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(settingsButtons(page)).toHaveText(buttons);
    await expect(page.getByText('v1.0.1', { exact: true })).toBeVisible();
  });
}

test('a person without rights who types a settings address sees that they have no access', async ({ page }) => {
  await signInAs(page, 'staff');
  await page.goto('menu/settings');
  await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
  await page.goto('menu/settings/global');
  await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
  await signOutViaUserMenu(page);
  await signInAs(page, 'manager');
  await page.goto('menu/settings/usermanagement');
  await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
});

async function signOutViaUserMenu(page: Page) {
  await page.getByRole('button', { name: /^User menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/hotdesk\/login$/);
}

test('sign out ends the session', async ({ page }) => {
  await signInAs(page, 'staff');
  await signOutViaUserMenu(page);
  await page.goto('menu');
  await expect(page).toHaveURL(/\/hotdesk\/login\?returnTo=%2Fmenu$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

// The user menu's code arrives after the first render (issue 19, point 7): the button works by
// keyboard before it is in (held back here until the key is pressed) and after.
test('the user menu opens by keyboard before and after its code has arrived', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => { release = r; });
  await page.route(/UserMenuDropdown-[^/]*\.js$/, async (route) => { await held; await route.continue(); });
  await signInAs(page, 'staff');
  const button = page.getByRole('button', { name: /^User menu for/ });
  await button.focus();
  await page.keyboard.press('Enter');
  release();
  await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeHidden();
  await expect(button).toBeFocused();
  // Loaded now: the same keys again, then on to the profile.
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/menu\/myprofile$/);
});

test('a signed-out visitor is sent to sign in and comes back to the page asked for', async ({ page }) => {
  await page.goto('menu/settings');
  await expect(page).toHaveURL(/\/hotdesk\/login\?returnTo=%2Fmenu%2Fsettings$/);
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/hotdesk\/menu\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByText('v1.0.1', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/settings.png', fullPage: true });
});

test('a wrong password shows the server\'s error text and keeps the person on the sign-in page', async ({ page }) => {
  await page.goto('login');
  await page.screenshot({ path: 'test-results/screens/login.png', fullPage: true });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Please enter your e-mail address')).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail address' }).fill('nobody@demo.hotdesk');
  await page.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Could not sign you in' })).toContainText('The e-mail address or password is not right.');
  await expect(page).toHaveURL(/\/hotdesk\/login$/);
  // No 'Sign in with Microsoft' button: the test server has no identity provider configured.
  await expect(page.getByRole('link', { name: /Microsoft/ })).toHaveCount(0);
});

test('a single sign-on refused to link an existing account is explained on the sign-in page (issue 18)', async ({ page }) => {
  // Where /auth/oidc/callback sends the browser when it refuses the link (src/domain/oidcLink.ts).
  await page.goto('login?error=sso_link_refused');
  await expect(page.getByRole('alert').filter({ hasText: 'Single sign-on could not sign you in' })).toContainText(
    'This e-mail address belongs to an existing Hotdesk account, so it cannot be linked to your sign-in automatically. Ask an administrator.');
  await page.screenshot({ path: 'test-results/screens/login-sso-refused.png', fullPage: true });
  // An unknown code shows nothing.
  await page.goto('login?error=something-else');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('/ redirects to the home menu', async ({ page }) => {
  await signInAs(page, 'staff');
  await page.goto('./');
  await expect(page).toHaveURL(/\/hotdesk\/menu$/);
  await page.screenshot({ path: 'test-results/screens/menu.png', fullPage: true });
});

test('a failing settings call shows the error bar with the status text', async ({ page }) => {
  await signInAs(page, 'staff');
  await page.route('**/hotdesk/api/settings', (route) => route.fulfill({
    status: 500, contentType: 'application/json', body: JSON.stringify({ Error: 'Boom', Code: 'INTERNAL' }),
  }));
  await page.goto('menu');
  await expect(page.getByRole('alert')).toContainText('Unable to load settings: Internal Server Error', { timeout: 15_000 });
  await page.screenshot({ path: 'test-results/screens/settings-error-bar.png' });
});

test('global settings: maintenance mode disables Book a Desk on the menu at once @global', async ({ page }) => {
  await signInAs(page, 'admin');
  try {
    await setMaintenanceMode(page, true);
    // Back to the menu inside the app (no reload): the saved settings must already be in effect.
    await page.getByRole('link', { name: 'Hotdesk home' }).click();
    const tiles = await readMenuTiles(page);
    expect(tiles.find((t) => t.label === 'Book a Desk')).toEqual(off('Book a Desk'));
    await expect(page.getByRole('link', { name: /^Book a Desk/ })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screens/menu-maintenance.png', fullPage: true });
  } finally {
    await setMaintenanceMode(page, false);
  }
  await page.getByRole('link', { name: 'Hotdesk home' }).click();
  await expect(page.getByRole('link', { name: /^Book a Desk/ })).toBeVisible();
});

async function setMaintenanceMode(page: Page, on: boolean) {
  await page.goto('menu/settings/global');
  const toggle = page.getByRole('switch', { name: 'Maintenance mode' });
  await expect(toggle).toBeVisible();
  if ((await toggle.isChecked()) !== on) await toggle.click({ force: true });
  await expect(toggle).toBeChecked({ checked: on });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Global settings saved.')).toBeVisible();
}

test('the skip link leads the keyboard to the first tile, which opens with Enter', async ({ page }) => {
  await signInAs(page, 'staff');
  await page.goto('menu');
  await expect(page.getByRole('navigation', { name: 'Home menu' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await page.keyboard.press('Tab');
  const first = page.getByRole('link', { name: /^My Bookings/ });
  await expect(first).toBeFocused();
  await page.screenshot({ path: 'test-results/screens/menu-keyboard-focus.png' });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/hotdesk\/menu\/mybookings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeVisible();
});

test('at 375 px wide the menu, sign-in and settings fit without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('login');
  await page.screenshot({ path: 'test-results/screens/login-375.png', fullPage: true });
  await signInAs(page, 'admin');
  for (const [path, name] of [['menu', 'menu-375'], ['menu/settings', 'settings-375'], ['privacy', 'privacy-375']] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} width`).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
  }
});
