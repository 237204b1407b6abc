import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { makeDesk, makeDrawing } from '../src/domain/layout/testDrawings.js';
import { chooseOption, expectNoSeriousA11yViolations, signInAs } from './helpers.js';
import { apiAs, SCREENS, unique } from './myBookingsKit.js';

// Reporting's "Check-ins and no-shows" card (issue 24). A site of this spec's own with desk check-in on:
// two people book a desk each from now and check in, so the card shows 2 needed, 2 checked in, 100 %,
// and the rooms (none) read "fewer than 2 people". A second own site with nothing booked shows the
// empty state. The insights minimum group size is lowered to 2 for the run and restored after.
// @global: the minimum group size is organisation-wide and another spec sets it too, so these run in the
// one-at-a-time project after the others (playwright.config.ts).
test.use({ timezoneId: 'Europe/London' });
test.describe.configure({ timeout: 180_000 });

const SHOTS = process.env['SCREENS_DIR'] ?? SCREENS;
let admin: APIRequestContext;
let people: APIRequestContext[] = [];
const bookings: { api: APIRequestContext; id: number }[] = [];
let busyName = '', quietName = '';

async function ownSite(name: string, withDesks: boolean): Promise<number> {
  const site = await admin.post('api/sites', { data: { Title: name, TimeZone: 'Europe/London', DeskBookingEnabled: true, RoomBookingEnabled: false } });
  expect(site.status(), await site.text()).toBeLessThan(300);
  const siteId = (await site.json()).Id as number;
  if (!withDesks) return siteId;
  expect((await admin.put(`api/sites/${siteId}/desk-check-in`, { data: { Required: true, BeforeMinutes: 15, AfterMinutes: 30 } })).status()).toBe(200);
  const location = await admin.post(`api/locations/site/${siteId}`, { data: { Title: `${name} floor` } });
  const created = await admin.post(`api/floorplans/location/${(await location.json()).Id as number}`, { data: { Name: `${name} plan` } });
  expect(created.status(), await created.text()).toBe(201);
  const { floorplanId, layoutId } = await created.json() as { floorplanId: number; layoutId: number };
  const desks = [1, 2, 3].map((i) => makeDesk({ id: `R-${i}`, alias: `R-${i}`, x: 100 * i, y: 100 }));
  expect((await admin.post(`api/floorplans/${floorplanId}/layout/${layoutId}/publish`, { data: makeDrawing({ desks }) })).status()).toBe(200);
  return floorplanId;
}

test.beforeAll(async ({ baseURL }) => {
  admin = await apiAs(baseURL!, 'admin');
  expect((await admin.post('api/insights/settings', { data: { MinGroupSize: 2, WorksCouncilMode: false } })).ok()).toBe(true);
  busyName = unique('RCI busy');
  quietName = unique('RCI quiet');
  const floorplanId = await ownSite(busyName, true);
  await ownSite(quietName, false);
  people = [await apiAs(baseURL!, 'staff'), await apiAs(baseURL!, 'manager')];
  const start = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000);
  for (const [i, api] of people.entries()) {
    const res = await api.post('api/bookings/desk', { data: { FloorplanId: floorplanId, DeskId: `R-${i + 1}`, Start: start.toISOString(), Finish: new Date(start.getTime() + 3_600_000).toISOString() } });
    expect(res.status(), await res.text()).toBe(201);
    bookings.push({ api, id: (await res.json()).Id as number });
    const checkIn = await api.post(`api/desk-check-in/${floorplanId}/R-${i + 1}`);
    expect(checkIn.status(), await checkIn.text()).toBe(200);
  }
});
test.afterAll(async () => {
  for (const b of bookings) await b.api.delete('api/bookings', { data: { Id: b.id } });
  await admin.post('api/insights/settings', { data: { MinGroupSize: 5, WorksCouncilMode: false } });
  for (const api of [admin, ...people]) await api.dispose();
});

async function openCard(page: Page) {
  await signInAs(page, 'reports');
  await page.goto('menu/settings/reporting');
  await expect(page.getByRole('heading', { name: 'Reporting', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Run report', exact: true }).click();
  const card = page.getByRole('region', { name: 'Check-ins and no-shows' });
  await expect(card).toBeVisible({ timeout: 20_000 });
  return card;
}

for (const size of [{ width: 1280, height: 800, name: 'desktop' }, { width: 375, height: 812, name: 'phone' }]) {
  test(`check-ins and no-shows at ${size.width} px: figures, suppression, empty state, axe-clean @global`, async ({ page }) => {
    await page.setViewportSize(size);
    const card = await openCard(page);
    await chooseOption(page, 'Site', busyName);
    const table = card.getByRole('table');
    await expect(table.getByRole('row', { name: /^Needed a check-in/ })).toHaveText(/Needed a check-in\s*2\s*fewer than 2 people/);
    await expect(table.getByRole('row', { name: /^Checked in/ })).toHaveText(/Checked in\s*2\s*fewer than 2 people/);
    await expect(table.getByRole('row', { name: /^Released as no-shows/ })).toHaveText(/Released as no-shows\s*0\s*fewer than 2 people/);
    await expect(table.getByRole('row', { name: /^Checked-in rate/ })).toHaveText(/Checked-in rate\s*100%\s*fewer than 2 people/);
    await expect(table.getByRole('row', { name: /^No-show rate/ })).toHaveText(/No-show rate\s*0%\s*fewer than 2 people/);
    await expectNoSeriousA11yViolations(page, `reporting check-ins (${size.name})`);
    await page.screenshot({ path: `${SHOTS}/reporting-check-ins-${size.name}.png`, fullPage: true });

    await chooseOption(page, 'Site', quietName);
    await expect(card.getByRole('status').filter({ hasText: 'No figures to show' }))
      .toHaveText('No figures to show: fewer than 2 people had desk or room bookings here that needed a check-in in this period.');
    await expect(card.getByRole('table')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, `reporting check-ins, empty (${size.name})`);
    await page.screenshot({ path: `${SHOTS}/reporting-check-ins-empty-${size.name}.png`, fullPage: true });
  });
}
