import { expect, type Page } from '@playwright/test';
import { adminTest as test } from './fixtures.js';
import { createOwnSiteAndLocation, expectNoSeriousA11yViolations } from './helpers.js';

// The desk block tool (issue 21, point 2): a 10 x 20 block named A-001..A-200 in one go, undo and
// redo as one step, renumbering a selection, publishing, and booking one of the new desks. Runs as the
// demo admin in a site and location of its own (desk booking off there except while it books, so the
// demo's desk booking choices stay as other specs expect).

const SCREENS = 'test-results/screens';
const EDITOR_URL = /\/hotdesk\/admin\/layoutEditor\/floorplan\/(\d+)\/(\d+)$/;

const drawingSvg = (page: Page) => page.getByRole('group', { name: 'Layout drawing' });
const desks = (page: Page) => drawingSvg(page).locator('[data-desk-id]');
const rail = (page: Page) => page.getByRole('toolbar', { name: 'Layout editor' });
const deskNamed = (page: Page, name: string) => drawingSvg(page).getByRole('button', { name: new RegExp(`^Desk ${name}, `) });

/** The desks' names as drawn, in drawing order ("Desk A-001, available" -> "A-001"). */
const deskNames = (page: Page) =>
  desks(page).evaluateAll((nodes) => nodes.map((n) => (n.getAttribute('aria-label') ?? '').replace(/^Desk /, '').replace(/, .*$/, '')));

const expected = (prefix: string, from: number, to: number, width: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${String(from + i).padStart(width, '0')}`);

/** A site and location of this test's own with a new floorplan; answers its ids once its editor is open. */
async function openOwnFloorEditor(page: Page, name: string): Promise<{ siteId: number; locationId: number; floorplanId: number }> {
  const { siteId, locationId } = await createOwnSiteAndLocation(page, name);
  await page.goto(`menu/settings/sites/${siteId}/locations/${locationId}/floorplans`);
  await page.getByRole('textbox', { name: 'New floorplan name' }).fill(name);
  await page.getByRole('button', { name: 'Create floorplan' }).click();
  await page.getByRole('button', { name: `Edit Layout of ${name}` }).click();
  await expect(page).toHaveURL(EDITOR_URL);
  return { siteId, locationId, floorplanId: Number(EDITOR_URL.exec(page.url())![1]) };
}

test('a 10 x 20 desk block: named A-001..A-200, undone and redone as one step, renumbered, published and booked', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const name = `E2E block ${Date.now()}`;
  const floor = await openOwnFloorEditor(page, name);

  // The panel: rows, columns, gaps, rotation, facing pairs, a naming pattern with a live preview.
  await rail(page).getByRole('button', { name: 'Desk block', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Desk block' });
  await expect(panel).toBeVisible();
  await panel.getByRole('textbox', { name: 'Rows', exact: true }).fill('10');
  await panel.getByRole('textbox', { name: 'Columns', exact: true }).fill('20');
  const pattern = panel.getByRole('textbox', { name: 'Name pattern' });

  // A bad pattern is explained and nothing can be placed.
  await pattern.fill('A-{m}');
  await expect(panel.getByText(/Unknown placeholder \{m\}/)).toBeVisible();
  await expect(panel.getByRole('button', { name: /^Place/ })).toBeDisabled();
  await pattern.fill('A-{n:02}');
  await expect(panel.getByText('{n:02} pads to 2 digits but the numbers reach 200; use {n:03} or wider')).toBeVisible();
  await pattern.fill('A-{n:03}');
  await expect(panel.getByTestId('desk-block-preview')).toHaveText('200 desks: A-001 … A-200');
  await expect(panel.getByRole('button', { name: 'Place 200 desks' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page, 'the desk block panel');
  await page.screenshot({ path: `${SCREENS}/desk-block-1280.png` });
  // No 375 x 812 shot of the panel: on a phone the editor gives way to a read-only view (issue 21 point 4),
  // so the rail and this panel are not there.

  // Enter places the block. Timed in the page: from the key press to the 200th desk in the drawing,
  // then the next frame (when it is painted).
  await panel.getByRole('textbox', { name: 'Rows', exact: true }).focus();
  await page.evaluate(() => {
    const w = window as unknown as { blockTimes: { start: number; drawn: number } };
    w.blockTimes = { start: 0, drawn: 0 };
    document.addEventListener('keydown', (e) => { if (e.key === 'Enter' && !w.blockTimes.start) w.blockTimes.start = performance.now(); }, { capture: true });
    const svg = document.querySelector('[aria-label="Layout drawing"]')!;
    const seen = new MutationObserver(() => {
      if (svg.querySelectorAll('[data-desk-id]').length >= 200 && !w.blockTimes.drawn) {
        seen.disconnect();
        requestAnimationFrame(() => { w.blockTimes.drawn = performance.now(); });
      }
    });
    seen.observe(svg, { childList: true, subtree: true });
  });
  await page.keyboard.press('Enter');
  await expect(panel).toBeHidden();
  await expect(desks(page)).toHaveCount(200);
  const times = await page.waitForFunction(() => {
    const t = (window as unknown as { blockTimes: { start: number; drawn: number } }).blockTimes;
    return t.drawn ? t : null;
  });
  const ms = (await times.jsonValue())!;
  console.log(`desk block: 200 desks placed and drawn in ${Math.round(ms.drawn - ms.start)} ms`);
  expect((await deskNames(page)).sort()).toEqual(expected('A-', 1, 200, 3));

  // One undo step takes all 200 away; redo brings them back.
  await page.keyboard.press('Control+z');
  await expect(desks(page)).toHaveCount(0);
  await page.keyboard.press('Control+y');
  await expect(desks(page)).toHaveCount(200);

  // Renumber a selection: a box dragged around the first facing pair (rows 1 and 2, 40 desks).
  await rail(page).getByRole('button', { name: 'Pointer', exact: true }).click();
  const first = (await deskNamed(page, 'A-001').boundingBox())!;
  const last = (await deskNamed(page, 'A-040').boundingBox())!;
  await page.mouse.move(first.x - 6, first.y - 6);
  await page.mouse.down();
  await page.mouse.move((first.x + last.x) / 2, (first.y + last.y) / 2, { steps: 4 });
  await page.mouse.move(last.x + last.width + 6, last.y + last.height + 6, { steps: 4 });
  await page.mouse.up();
  await rail(page).getByRole('button', { name: 'Renumber selection', exact: true }).click();
  const renumber = page.getByRole('dialog', { name: 'Renumber selection' });
  await expect(renumber.getByText('40 selected desks are renamed in reading order: top row first, left to right.')).toBeVisible();
  await renumber.getByText('Prefix + number').click();
  await renumber.getByRole('textbox', { name: 'Prefix' }).fill('W');
  await renumber.getByRole('textbox', { name: 'Start at' }).fill('1');
  await expect(renumber.getByTestId('desk-block-preview')).toHaveText('40 desks: W1 … W40');
  await expectNoSeriousA11yViolations(page, 'the renumber panel');
  await renumber.getByRole('button', { name: 'Renumber 40 desks' }).click();
  await expect(renumber).toBeHidden();
  expect((await deskNames(page)).sort()).toEqual([...expected('A-', 41, 200, 3), ...expected('W', 1, 40, 0)].sort());
  // Reading order: the first row left to right, then the second.
  const w1 = (await deskNamed(page, 'W1').boundingBox())!;
  const w20 = (await deskNamed(page, 'W20').boundingBox())!;
  const w21 = (await deskNamed(page, 'W21').boundingBox())!;
  expect(w20.x).toBeGreaterThan(w1.x);
  expect(Math.abs(w20.y - w1.y)).toBeLessThan(2);
  expect(w21.y).toBeGreaterThan(w1.y);

  // Publish; then book A-150 on the desk booking screen.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('dialog', { name: 'Publish layout' }).getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/hotdesk\/menu$/);
  const published = await page.request.get(`api/floorplans/${floor.floorplanId}/layout`);
  const drawing = JSON.parse((await published.json()).Json) as { desks: { id: string; alias: string; rotation: number }[] };
  expect(drawing.desks).toHaveLength(200);
  expect(new Set(drawing.desks.map((d) => d.rotation))).toEqual(new Set([0, 180]));
  const a150 = drawing.desks.find((d) => d.alias === 'A-150')!;

  // Desk booking on at this test's own site for the booking only, and off again after it, so other specs'
  // site choices stay as they expect.
  const deskBooking = (on: boolean) => page.request.post(`api/sites/${floor.siteId}`, { data: { DeskBookingEnabled: on } });
  expect((await deskBooking(true)).status()).toBe(200);
  const day = '2030-04-17';
  await page.goto(`menu/book/desk/${day}T09:00/${day}T12:00/${floor.siteId}/${floor.locationId}/${floor.floorplanId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Desk booking' })).toBeVisible();
  // Chosen in the list of free desks beside the drawing (the keyboard and screen reader route).
  // The list shows the first 100 of the floor's 200 free desks: find A-150 by name first.
  await page.getByRole('textbox', { name: 'Find a free desk' }).fill('A-150');
  await page.getByLabel(/free desks?: choose one/).selectOption(a150.id);
  await expect(page.getByText(/Selected: Desk A-150, 09:00 to 12:00/)).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog', { name: /A-150 booked/ })).toBeVisible();
  expect((await deskBooking(false)).status()).toBe(200);
});
