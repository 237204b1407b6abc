import { expect, type Page } from '@playwright/test';
import { adminTest as test } from './fixtures.js';

// The layout editor journey (issue 3): create a floorplan, draw desks, a room and a text, undo and
// redo, save, reload, restore a local draft, publish, then start a new layout from the previous one.
// Runs as the demo admin under /hotdesk, in a site and location of its own: a floorplan published in a
// demo location would change what the desk booking journeys (run in parallel) see there.

/** Creates a site and a location for this test and answers the address of its floorplans list. */
async function ownFloorplansPage(page: Page, name: string): Promise<string> {
  // Desk booking off: its published floorplan must not appear among the demo's desk booking choices.
  const site = await page.request.post('api/sites', { data: { Title: `${name} site`, TimeZone: 'Europe/London', DeskBookingEnabled: false, RoomBookingEnabled: false } });
  expect(site.status(), await site.text()).toBeLessThan(300);
  const siteId = (await site.json()).Id;
  const location = await page.request.post(`api/locations/site/${siteId}`, { data: { Title: `${name} floor` } });
  expect(location.status(), await location.text()).toBeLessThan(300);
  return `menu/settings/sites/${siteId}/locations/${(await location.json()).Id}/floorplans`;
}
const EDITOR_URL = /\/hotdesk\/admin\/layoutEditor\/floorplan\/(\d+)\/(\d+)$/;

const drawingSvg = (page: Page) => page.getByRole('group', { name: 'Layout drawing' });
const desks = (page: Page) => drawingSvg(page).locator('[data-desk-id]');
const rooms = (page: Page) => drawingSvg(page).locator('[data-kind="roomRect"]');
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Layout editor' });
const command = (page: Page, name: string) => toolbar(page).getByRole('button', { name, exact: true });

/** Screen position of a canvas point (the svg spans the whole canvas at the current zoom). */
async function at(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const box = await drawingSvg(page).boundingBox();
  if (!box) throw new Error('the drawing is not visible');
  const scale = box.width / 20000;
  return { x: box.x + x * scale, y: box.y + y * scale };
}
async function clickCanvas(page: Page, x: number, y: number): Promise<void> {
  const p = await at(page, x, y);
  await page.mouse.click(p.x, p.y);
}
async function dragCanvas(page: Page, from: [number, number], to: [number, number]): Promise<void> {
  const a = await at(page, ...from);
  const b = await at(page, ...to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}
const draftKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('hotdesk.layoutDraft.')));

test('draw, undo and redo, save, reload, restore a local draft, publish, and start again from the previous layout', async ({ page }) => {
  test.setTimeout(180_000);
  const name = `E2E floor ${Date.now()}`;
  const FLOORPLANS = await ownFloorplansPage(page, name);

  // A new floorplan comes with a blank unpublished layout; Edit Layout opens it directly.
  await page.goto(FLOORPLANS);
  await expect(page.getByRole('heading', { level: 1, name: 'Floorplans' })).toBeVisible();
  await page.getByRole('textbox', { name: 'New floorplan name' }).fill(name);
  await page.getByRole('button', { name: 'Create floorplan' }).click();
  await page.getByRole('button', { name: `Edit Layout of ${name}` }).click();
  await expect(page).toHaveURL(EDITOR_URL);
  const firstLayoutId = Number(EDITOR_URL.exec(page.url())![2]);
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  await expect(command(page, 'Show grid')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('50%')).toBeVisible();

  // Two desks with the Desk tool (D), one refused for overlapping.
  await command(page, 'Pointer').click();
  await page.keyboard.press('d');
  await expect(command(page, 'Desk')).toHaveAttribute('aria-pressed', 'true');
  await clickCanvas(page, 200, 200);
  await clickCanvas(page, 300, 200);
  await clickCanvas(page, 305, 205);
  await expect(desks(page)).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Desk 1, available' })).toBeVisible();

  // A room by dragging with the Internal room tool.
  await command(page, 'Internal room/rectangle').click();
  await dragCanvas(page, [400, 400], [640, 560]);
  await expect(rooms(page)).toHaveCount(1);

  // A text: the editor opens at once; multi-line, Large.
  await command(page, 'Text').click();
  await clickCanvas(page, 200, 420);
  const textDialog = page.getByRole('dialog', { name: 'Edit text' });
  await expect(textDialog).toBeVisible();
  await textDialog.getByRole('textbox', { name: 'Text' }).fill('Kitchen\nCoffee');
  await textDialog.getByText('Large').click();
  await textDialog.getByRole('button', { name: 'Save' }).click();
  await expect(textDialog).toBeHidden();
  await expect(drawingSvg(page).getByText('Kitchen')).toBeVisible();

  // Undo takes back the text edit (the placeholder shows), then the text; redo brings both back.
  await page.keyboard.press('Control+z');
  await expect(drawingSvg(page).getByText('Kitchen')).toHaveCount(0);
  await expect(drawingSvg(page).getByText('Text', { exact: true })).toBeVisible();
  await command(page, 'Undo').click();
  await expect(drawingSvg(page).locator('[data-kind="text"]')).toHaveCount(0);
  await page.keyboard.press('Control+y');
  await command(page, 'Redo').click();
  await expect(drawingSvg(page).getByText('Kitchen')).toBeVisible();
  await expect(desks(page)).toHaveCount(2);

  // Save, then reload: everything came back from the server, and no draft is offered.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.reload();
  await expect(desks(page)).toHaveCount(2);
  await expect(rooms(page)).toHaveCount(1);
  await expect(drawingSvg(page).getByText('Coffee')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Restore local draft?' })).toHaveCount(0);

  // An unsaved third desk survives a reload as a local draft, offered and restored.
  await command(page, 'Desk').click();
  await clickCanvas(page, 400, 200);
  await expect(desks(page)).toHaveCount(3);
  await expect.poll(() => draftKeys(page)).toEqual([`hotdesk.layoutDraft.${firstLayoutId}`]);
  await page.reload();
  await expect(desks(page)).toHaveCount(2);
  const restore = page.getByRole('dialog', { name: 'Restore local draft?' });
  await expect(restore).toBeVisible();
  await restore.getByRole('button', { name: 'Restore draft' }).click();
  await expect(desks(page)).toHaveCount(3);
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  // Publish asks first, then saves, publishes, clears the draft and goes home.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Publish layout' });
  await confirm.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/hotdesk\/menu$/);
  expect(await draftKeys(page)).toEqual([]);

  // Editing again offers a new layout; Use Previous Layout copies the published desks.
  await page.goto(FLOORPLANS);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByText('Published')).toBeVisible();
  await row.getByRole('button', { name: `Edit Layout of ${name}` }).click();
  await expect(page.getByRole('button', { name: 'Start Blank' })).toBeVisible();
  await page.getByRole('button', { name: 'Use Previous Layout' }).click();
  // The choice is offered on the published layout's address; the copy opens at a new one.
  await expect(page).not.toHaveURL(new RegExp(`/${firstLayoutId}$`));
  await expect(page).toHaveURL(EDITOR_URL);
  expect(Number(EDITOR_URL.exec(page.url())![2])).toBeGreaterThan(firstLayoutId);
  await expect(desks(page)).toHaveCount(3);
  await expect(rooms(page)).toHaveCount(1);
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
});

test('editing a door alerts that it has no properties; a desk opens Edit Desk', async ({ page }) => {
  const name = `E2E doors ${Date.now()}`;
  const FLOORPLANS = await ownFloorplansPage(page, name);
  await page.goto(FLOORPLANS);
  await page.getByRole('textbox', { name: 'New floorplan name' }).fill(name);
  await page.getByRole('button', { name: 'Create floorplan' }).click();
  await page.getByRole('button', { name: `Edit Layout of ${name}` }).click();
  await expect(page).toHaveURL(EDITOR_URL);

  await command(page, 'Door').click();
  await clickCanvas(page, 500, 500);
  await command(page, 'Edit').click();
  await expect(page.getByRole('dialog').getByText('No properties to edit')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'OK', exact: true }).click();

  await command(page, 'Desk').click();
  await clickCanvas(page, 200, 200);
  await command(page, 'Pointer').click();
  const desk = page.getByRole('button', { name: 'Desk 1, available' });
  const box = (await desk.boundingBox())!;
  await page.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 2);
  const dialog = page.getByRole('dialog', { name: /Edit Desk/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name / alias' }).fill('Window seat');
  await dialog.getByRole('switch', { name: 'Bookable' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Desk Window seat, not bookable' })).toBeVisible();
});

test('edit like a modern editor: marquee, group move, duplicate, shift-click, align, undo, pan and wheel zoom', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const name = `E2E multi ${Date.now()}`;
  const FLOORPLANS = await ownFloorplansPage(page, name);
  await page.goto(FLOORPLANS);
  await page.getByRole('textbox', { name: 'New floorplan name' }).fill(name);
  await page.getByRole('button', { name: 'Create floorplan' }).click();
  await page.getByRole('button', { name: `Edit Layout of ${name}` }).click();
  await expect(page).toHaveURL(EDITOR_URL);

  // A row of three desks and one below it.
  await command(page, 'Desk').click();
  for (const [x, y] of [[200, 200], [260, 200], [320, 200], [260, 400]] as const) await clickCanvas(page, x, y);
  await expect(desks(page)).toHaveCount(4);
  const desk = (n: number) => page.getByRole('button', { name: new RegExp(`^Desk ${n}, `) });
  const topLeft = async (n: number) => {
    const b = (await desk(n).boundingBox())!;
    return { x: Math.round(b.x), y: Math.round(b.y) };
  };
  const svg = drawingSvg(page);

  // Marquee over the row (with the pointer tool, from empty canvas): the three row desks, not the fourth.
  await page.keyboard.press('v');
  const a = await at(page, 150, 150);
  const b = await at(page, 350, 240);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await expect(svg.locator('[data-layer="marquee"]')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('editor-marquee.png') });
  await page.mouse.up();
  await expect(svg.locator('[data-layer="marquee"]')).toHaveCount(0);
  await expect(page.locator('svg[data-selected-count]')).toHaveAttribute('data-selected-count', '3');

  // Dragging one selected desk moves all three (one undo step).
  const before1 = await topLeft(1);
  const before4 = await topLeft(4);
  await dragCanvas(page, [260, 200], [360, 300]);
  const moved1 = await topLeft(1);
  expect(moved1.x).toBeGreaterThan(before1.x + 20);
  expect(moved1.y).toBeGreaterThan(before1.y + 20);
  expect((await topLeft(3)).y).toBe(moved1.y);
  expect(await topLeft(4)).toEqual(before4);

  // Ctrl+D duplicates the selection with new names continuing the pattern; the copies are selected.
  await page.keyboard.press('Control+d');
  await expect(desks(page)).toHaveCount(7);
  await expect(desk(5)).toBeVisible();
  await expect(desk(7)).toBeVisible();
  await expect(page.locator('svg[data-selected-count]')).toHaveAttribute('data-selected-count', '3');

  // Shift-click builds a selection of two; Align top lines desk 4 up with desk 1.
  await page.keyboard.press('Escape');
  await clickCanvas(page, 260, 400);
  const p1 = await at(page, 300, 300);
  await page.keyboard.down('Shift');
  await page.mouse.click(p1.x, p1.y);
  await page.keyboard.up('Shift');
  await expect(page.locator('svg[data-selected-count]')).toHaveAttribute('data-selected-count', '2');
  await expect(svg.locator('[data-layer="multi-selection"]')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('editor-multiselect.png') });
  await page.getByRole('group', { name: 'Selection commands' }).getByRole('button', { name: 'Align top', exact: true }).click();
  await expect.poll(async () => (await topLeft(4)).y).toBe(moved1.y);

  // Arrow keys nudge the selection (Shift: by the grid).
  await page.keyboard.press('Shift+ArrowDown');
  await expect.poll(async () => (await topLeft(1)).y).toBeGreaterThan(moved1.y);
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await topLeft(1)).y).toBe(moved1.y);

  // Undo, step by step: the align, the duplicate, the group move.
  await page.keyboard.press('Control+z');
  await expect.poll(() => topLeft(4)).toEqual(before4);
  await page.keyboard.press('Control+z');
  await expect(desks(page)).toHaveCount(4);
  await page.keyboard.press('Control+z');
  await expect.poll(() => topLeft(1)).toEqual(before1);
  await expect(desks(page)).toHaveCount(4);

  // Space-drag pans the view; Ctrl+wheel zooms about the pointer, past the buttons' range, and says so.
  const view = page.getByRole('region', { name: 'Layout canvas (scrollable)' });
  const scroll = () => view.evaluate((el) => ({ left: el.scrollLeft, top: el.scrollTop }));
  const c = await at(page, 600, 600);
  await page.mouse.move(c.x, c.y);
  const start = await scroll();
  await page.keyboard.down(' ');
  await page.mouse.down();
  await page.mouse.move(c.x - 120, c.y - 80, { steps: 5 });
  await page.mouse.up();
  await page.keyboard.up(' ');
  await expect.poll(scroll).toEqual({ left: start.left + 120, top: start.top + 80 });
  await expect(desks(page)).toHaveCount(4);
  const p = await at(page, 260, 200);
  await page.mouse.move(p.x, p.y);
  await page.keyboard.down('Control');
  for (let i = 0; i < 8; i++) await page.mouse.wheel(0, -100);
  await page.keyboard.up('Control');
  await expect(page.getByRole('status').filter({ hasText: /by wheel or pinch/ })).toBeVisible();
  // The desk under the pointer stayed under it.
  const after = await at(page, 260, 200);
  expect(Math.abs(after.x - p.x)).toBeLessThan(15);
  expect(Math.abs(after.y - p.y)).toBeLessThan(15);
});
