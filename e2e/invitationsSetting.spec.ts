import { expect, request, test, type Page } from '@playwright/test';
import { DEMO, expectNoSeriousA11yViolations, signIn } from './helpers.js';

// Issue 23: a person turns the calendar invitations in their booking mail off and on from My Profile.
// A fresh person each run, so the demo people's settings stay as they are for other specs.
const PASSWORD = 'invitations-spec-password-1';
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const SHOTS = process.env.INVITATION_SHOTS;

async function newPerson(baseURL: string): Promise<string> {
  const admin = await request.newContext({ baseURL });
  expect((await admin.post('auth/login', { data: { email: DEMO.admin.email, password: DEMO.admin.password } })).ok()).toBe(true);
  const email = `e2e-invites-${stamp()}@example.org`;
  const made = await admin.post('api/users', { data: { Email: email, FullName: 'Ivy Invites', Password: PASSWORD } });
  expect(made.status(), await made.text()).toBe(201);
  await admin.dispose();
  return email;
}

const setting = async (page: Page) => (await page.request.get('api/users/me/calendarInvitations')).json();

for (const size of [{ name: 'phone', width: 375, height: 812 }, { name: 'desktop', width: 1280, height: 800 }]) {
  test(`the invitations switch saves at once and by keyboard (${size.name})`, async ({ browser, baseURL }) => {
    const email = await newPerson(baseURL!);
    const context = await browser.newContext({ baseURL, viewport: { width: size.width, height: size.height } });
    const page = await context.newPage();
    await signIn(page, email, PASSWORD);
    await page.goto('menu/myprofile');
    const toggle = page.getByRole('switch', { name: 'Calendar invitations in booking mail' });
    await expect(toggle).toBeChecked(); // on by default
    await expectNoSeriousA11yViolations(page, `my profile, invitations (${size.name})`);

    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toBeEnabled();
    expect(await setting(page)).toEqual({ Enabled: false });
    if (SHOTS) {
      await toggle.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/profile-invitations-${size.name}.png`, fullPage: true });
    }

    // Still off after a reload: it was saved, not only drawn.
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Calendar invitations in booking mail' })).not.toBeChecked();
    await page.getByRole('switch', { name: 'Calendar invitations in booking mail' }).click({ force: true });
    await expect(page.getByRole('switch', { name: 'Calendar invitations in booking mail' })).toBeChecked();
    // Drawn on at once, enabled again once saved (CI's run of ea4ec87 read the setting in between).
    await expect(page.getByRole('switch', { name: 'Calendar invitations in booking mail' })).toBeEnabled();
    expect(await setting(page)).toEqual({ Enabled: true });
    await context.close();
  });
}
