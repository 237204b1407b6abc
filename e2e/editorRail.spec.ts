import { expect, type Page } from '@playwright/test';
import { editorWithDesks } from './editorKit.js';
import { adminTest as test } from './fixtures.js';
import { expectNoSeriousA11yViolations } from './helpers.js';

// The layout editor's rail, properties panel, first view and phone notice (issue 21 point 4). Each
// test makes a floorplan of its own, in a site with desk booking off, so no booking journey sees it.

const DESKS = [
  { id: 'rail-a', alias: 'A-1', x: 400, y: 300 },
  { id: 'rail-b', alias: 'A-2', x: 440, y: 300 },
  { id: 'rail-c', alias: 'A-3', x: 480, y: 300 },
  { id: 'rail-d', alias: 'A-4', x: 400, y: 360 },
];
const KITCHEN = [{ x: 400, y: 420, text: 'Kitchen', fontSize: 'large' }];

const rail = (page: Page) => page.getByRole('toolbar', { name: 'Layout editor' });
const panel = (page: Page) => page.locator('[data-properties]');
/** Screenshots to look at: in the test's output folder, or EDITOR_RAIL_SHOTS when set (kept across runs). */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: process.env['EDITOR_RAIL_SHOTS'] ? `${process.env['EDITOR_RAIL_SHOTS']}/${name}` : test.info().outputPath(name) });

test('the rail works by keyboard: one tab stop, arrows move, Enter runs, every button named', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(await editorWithDesks(page, `E2E rail keys ${Date.now()}`, DESKS, KITCHEN));
  await expect(rail(page)).toBeVisible();

  const buttons = rail(page).getByRole('button');
  expect(await buttons.count()).toBeGreaterThanOrEqual(20);
  for (const label of await buttons.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))) expect(label.trim()).not.toBe('');

  // From the last header button, Tab lands on the rail's one tab stop (the pointer tool).
  await page.getByRole('button', { name: 'Publish', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(rail(page).getByRole('button', { name: 'Pointer', exact: true })).toBeFocused();
  await expect(page.getByRole('tooltip', { name: 'Pointer (V)' })).toBeVisible();

  // Arrows: Pointer -> Pen -> Desk; Enter chooses it, as D would.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const desk = rail(page).getByRole('button', { name: 'Desk', exact: true });
  await expect(desk).toBeFocused();
  await expect(page.getByRole('tooltip', { name: 'Desk (D)' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(desk).toHaveAttribute('aria-pressed', 'true');

  // The grid switch by Space; Home goes back to the start; the next Tab leaves the rail.
  await rail(page).getByRole('button', { name: 'Show grid', exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(rail(page).getByRole('button', { name: 'Show grid', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Home');
  await expect(rail(page).getByRole('button', { name: 'Pointer', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('[role="toolbar"]') === null)).toBe(true);
});

test('the editor opens fitted; the properties panel renames a desk; Escape closes it; axe is clean', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(await editorWithDesks(page, `E2E rail panel ${Date.now()}`, DESKS, KITCHEN));
  const first = page.getByRole('button', { name: 'Desk A-1, available' });
  await expect(first).toBeVisible();
  // Four desks close together: fitted at the buttons' top zoom, not the starting 50 %.
  await expect(rail(page).getByText('70%')).toBeVisible();
  await shot(page, 'editor-1280.png');

  const box = (await first.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(panel(page).getByRole('heading', { name: 'Desk' })).toBeVisible();
  const name = panel(page).getByRole('textbox', { name: 'Name / alias' });
  await expect(name).toHaveValue('A-1');
  await name.fill('Window 7');
  await name.press('Enter');
  await expect(page.getByRole('button', { name: 'Desk Window 7, available' })).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  await panel(page).getByRole('switch', { name: 'Bookable' }).click();
  await expect(page.getByRole('button', { name: 'Desk Window 7, not bookable' })).toBeVisible();
  await shot(page, 'editor-1280-panel.png');
  await expectNoSeriousA11yViolations(page, 'the layout editor with a desk selected');

  // Escape in the panel closes it (the selection goes) and the focus returns to the rail.
  await name.focus();
  await page.keyboard.press('Escape');
  await expect(panel(page).getByRole('heading', { name: 'Properties' })).toBeVisible();
  expect(await page.evaluate(() => document.activeElement?.closest('[role="toolbar"]') !== null)).toBe(true);

  // The dialogs stay reachable by double-click.
  const renamed = (await page.getByRole('button', { name: 'Desk Window 7, not bookable' }).boundingBox())!;
  await page.mouse.dblclick(renamed.x + renamed.width / 2, renamed.y + renamed.height / 2);
  await expect(page.getByRole('dialog', { name: /Edit Desk/ })).toBeVisible();
});

test('on a phone the editor says it needs a larger screen and shows the layout read-only', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(await editorWithDesks(page, `E2E rail phone ${Date.now()}`, DESKS, KITCHEN));
  await expect(page.getByText('The layout editor needs a larger screen')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /Layout editor: E2E rail phone/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Desk A-1/ })).toBeVisible();
  // The desks' names are drawn on them, as on the booking map.
  await expect(page.locator('[data-desk-label="rail-a"]')).toHaveText('A-1');
  await expect(page.locator('[data-desk-label="rail-d"]')).toHaveText('A-4');
  await expect(rail(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
  await shot(page, 'editor-375.png');
  await expectNoSeriousA11yViolations(page, 'the layout editor on a phone');
});

test('on a tablet the properties open as a sheet over the canvas and Escape closes it', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 700 });
  await page.goto(await editorWithDesks(page, `E2E rail tablet ${Date.now()}`, DESKS, KITCHEN));
  const text = page.getByRole('group', { name: 'Layout drawing' }).getByText('Kitchen');
  await expect(text).toBeVisible();
  await expect(panel(page)).toHaveCount(0);
  await text.click();
  const sheet = page.locator('[data-properties="sheet"]');
  await expect(sheet.getByRole('heading', { name: 'Text' })).toBeVisible();
  await sheet.getByText('Small').click();
  await shot(page, 'editor-900-sheet.png');
  await sheet.getByRole('textbox', { name: 'Text' }).fill('Kitchen and coffee');
  await sheet.getByRole('textbox', { name: 'Text' }).press('Escape');
  await expect(sheet).toHaveCount(0);
  // Escape discards an edit not yet applied; the font size had been applied at once.
  await expect(page.getByRole('group', { name: 'Layout drawing' }).getByText('Kitchen', { exact: true })).toBeVisible();
});
