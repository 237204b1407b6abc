import { expect, request, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { DEMO, chooseOption, expectNoSeriousA11yViolations, signInAs } from './helpers.js';
import { SCREENS, unique } from './myBookingsKit.js';

// Issue 25, the audit log: an admin sees who changed what, filters it, exports it and sets how long
// data is kept; staff are turned away; the privacy page states the periods to anyone.
// Screenshots go to AUDIT_LOG_SHOTS when set (another run may clear test-results meanwhile).
const SHOTS = process.env.AUDIT_LOG_SHOTS ?? SCREENS;
const SIZES = [{ name: 'phone', width: 375, height: 812 }, { name: 'desktop', width: 1280, height: 800 }] as const;

/** A team created and renamed through the API as the demo admin: two audited actions. */
async function auditedTeamChange(baseURL: string): Promise<string> {
  const api = await request.newContext({ baseURL });
  expect((await api.post('auth/login', { data: { email: DEMO.admin.email, password: DEMO.admin.password } })).ok()).toBe(true);
  const name = unique('Audit team');
  const made = await api.post('api/teams', { data: { Name: name } });
  expect(made.status(), await made.text()).toBe(201);
  const renamed = `${name} renamed`;
  expect((await api.post(`api/teams/${(await made.json()).Id}`, { data: { Name: renamed } })).ok()).toBe(true);
  await api.dispose();
  return renamed;
}

const entries = (page: Page, phone: boolean) => (phone ? page.getByRole('list', { name: 'Audit entries' }) : page.getByRole('table'));

for (const size of SIZES) {
  test(`an admin reads, filters and exports the audit log (${size.name})`, async ({ browser, baseURL }) => {
    const renamed = await auditedTeamChange(baseURL!);
    const phone = size.name === 'phone';
    const context = await browser.newContext({ baseURL, viewport: { width: size.width, height: size.height } });
    const page = await context.newPage();
    await signInAs(page, 'admin');
    await page.goto('menu/settings');
    await page.getByRole('link', { name: 'Audit Log' }).click();
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    const list = entries(page, phone);
    await expect(list.getByText(renamed).first()).toBeVisible();
    await expect(list.getByText('Team changed').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How long data is kept' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `audit log (${size.name})`);
    await page.screenshot({ path: `${SHOTS}/audit-log-${size.name}.png` });
    if (phone) {
      await list.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: `${SHOTS}/audit-log-entries-phone.png` });
    }

    // Filter by action, by keyboard: only creations are left.
    await chooseOption(page, 'Action', 'Team created');
    await page.getByRole('button', { name: 'Apply filters' }).press('Enter');
    await expect(list.getByText('Team changed')).toHaveCount(0);
    await expect(list.getByText('Team created').first()).toBeVisible();

    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(file.suggestedFilename()).toMatch(/^hotdesk-audit-log-\d{4}-\d\d-\d\d\.csv$/);
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv).toContain('team.create');
    expect(csv).not.toContain('team.update');

    // A period with nothing in it: the empty state.
    await page.getByRole('textbox', { name: 'From' }).fill('2099-01-01');
    await page.getByRole('textbox', { name: 'From' }).press('Enter');
    await page.getByRole('textbox', { name: 'From' }).press('Escape'); // the calendar closes
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByText('No entries match these filters.')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/audit-log-empty-${size.name}.png` });
    await context.close();
  });
}

test('the audit log says so when it cannot be loaded, and offers to try again', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.route('**/api/admin/audit?*', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ Error: 'The database cannot be reached.' }) }));
  await page.goto('menu/settings/auditlog');
  await expect(page.getByRole('alert').filter({ hasText: 'Unable to load the audit log' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'audit log, error');
  await page.screenshot({ path: `${SHOTS}/audit-log-error-desktop.png` });
});

test('staff cannot open the audit log', async ({ page }) => {
  await signInAs(page, 'staff');
  await page.goto('menu/settings/auditlog');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toHaveCount(0);
  await expect(page.getByText('Your account does not have the role this page needs.', { exact: false })).toBeVisible();
});

test('an admin turns booking retention on; the privacy page states it to anyone', async ({ browser, baseURL }) => {
  const admin = await browser.newContext({ baseURL });
  const page = await admin.newPage();
  await signInAs(page, 'admin');
  await page.goto('menu/settings/auditlog');
  const on = page.getByRole('switch', { name: 'Anonymise old bookings' });
  await on.check();
  await page.getByRole('textbox', { name: 'Keep bookings for (months)' }).fill('36');
  await page.getByRole('button', { name: 'Save retention periods' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();

  const visitor = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
  const privacy = await visitor.newPage();
  await privacy.goto('privacy');
  await expect(privacy.getByText(/bookings that started more than 3 years ago are anonymised/)).toBeVisible();
  await expect(privacy.getByText(/kept for 2 years/)).toBeVisible();
  await privacy.getByRole('heading', { name: 'How long we keep it' }).scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(privacy, 'privacy, retention');
  await privacy.screenshot({ path: `${SHOTS}/privacy-retention-phone.png` });

  // Back to the default (off), so other journeys see the demo as it was.
  await on.uncheck();
  await page.getByRole('button', { name: 'Save retention periods' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await Promise.all([admin.close(), visitor.close()]);
});
