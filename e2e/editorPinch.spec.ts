import { expect, type CDPSession, type Page } from '@playwright/test';
import { editorWithDesks } from './editorKit.js';
import { adminTest as test } from './fixtures.js';

// The layout editor on a touch screen (issue 21 point 3): two fingers pinch-zoom about their midpoint
// and pan with it, and touch nothing in the drawing; one finger still taps and drags as before. The
// touches are real ones, sent through the browser's DevTools protocol. The floorplan is this test's
// own, in a site with desk booking off, so no booking journey sees it.

const DESKS = [
  { id: 'pinch-a', alias: 'P-1', x: 400, y: 300 },
  { id: 'pinch-b', alias: 'P-2', x: 480, y: 300 },
  { id: 'pinch-c', alias: 'P-3', x: 400, y: 380 },
];

const rail = (page: Page) => page.getByRole('toolbar', { name: 'Layout editor' });
const drawingSvg = (page: Page) => page.getByRole('group', { name: 'Layout drawing' });
const selectedCount = (page: Page) => page.locator('svg[data-selected-count]');
const zoomShown = async (page: Page) => Number((await rail(page).getByText(/^\d+%$/).textContent())!.replace('%', ''));
const desk = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^Desk ${name}, `) });

type Pt = { x: number; y: number };
/** Canvas units of a screen point (the svg spans the whole 20,000-unit canvas at the current zoom). */
async function toCanvas(page: Page, p: Pt): Promise<Pt> {
  const box = (await drawingSvg(page).boundingBox())!;
  const scale = 20000 / box.width;
  return { x: (p.x - box.x) * scale, y: (p.y - box.y) * scale };
}
async function toScreen(page: Page, p: Pt): Promise<Pt> {
  const box = (await drawingSvg(page).boundingBox())!;
  const scale = box.width / 20000;
  return { x: box.x + p.x * scale, y: box.y + p.y * scale };
}
async function centre(page: Page, name: string): Promise<Pt> {
  const b = (await desk(page, name).boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}
/** Sends the fingers down now (by id); touchStart adds fingers, touchEnd lifts those left out. */
const touch = (cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', fingers: Pt[]) =>
  cdp.send('Input.dispatchTouchEvent', { type, touchPoints: fingers.map((f, i) => ({ x: Math.round(f.x), y: Math.round(f.y), id: i + 1 })) });

test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

test('two fingers zoom about their midpoint and pan, selecting and moving nothing; one finger taps and drags', async ({ page }) => {
  await page.goto(await editorWithDesks(page, `E2E pinch ${Date.now()}`, DESKS));
  await expect(desk(page, 'P-1')).toBeVisible();
  await expect(rail(page).getByRole('button', { name: 'Undo', exact: true })).toBeDisabled();
  await expect(selectedCount(page)).toHaveAttribute('data-selected-count', '0');
  const before = await zoomShown(page);
  const deskBefore = await toCanvas(page, await centre(page, 'P-1'));
  const cdp = await page.context().newCDPSession(page);

  // The first finger lands ON a desk (a press there would select it), the second 60 px to its right.
  const d = await centre(page, 'P-1');
  const mid0 = { x: d.x + 30, y: d.y };
  const anchor = await toCanvas(page, mid0);
  await touch(cdp, 'touchStart', [d]);
  await touch(cdp, 'touchStart', [d, { x: d.x + 60, y: d.y }]);
  // Spread to 120 px apart while the midpoint slides 40 px right and 20 px down.
  let fingers: Pt[] = [];
  let mid = mid0;
  for (let i = 1; i <= 6; i++) {
    const gap = 60 + i * 10;
    mid = { x: mid0.x + (40 * i) / 6, y: mid0.y + (20 * i) / 6 };
    fingers = [{ x: mid.x - gap / 2, y: mid.y }, { x: mid.x + gap / 2, y: mid.y }];
    await touch(cdp, 'touchMove', fingers);
  }
  // One finger lifts; the other wanders (a marquee or a move, were it heard), then lifts.
  await touch(cdp, 'touchEnd', [fingers[0]!]);
  await touch(cdp, 'touchMove', [{ x: fingers[0]!.x + 40, y: fingers[0]!.y + 40 }]);
  await touch(cdp, 'touchEnd', []);

  // Zoomed in (about double), past the buttons' 70 %, and said so.
  await expect.poll(() => zoomShown(page)).toBeGreaterThan(before * 1.6);
  await expect(page.getByRole('status').filter({ hasText: /by wheel or pinch/ })).toBeVisible();
  // The canvas point first under the fingers followed their midpoint.
  await expect.poll(async () => {
    const now = await toScreen(page, anchor);
    return Math.max(Math.abs(now.x - mid.x), Math.abs(now.y - mid.y));
  }).toBeLessThan(6);
  // Nothing selected, nothing moved, nothing to undo, nothing unsaved: zoom is not an edit.
  await expect(selectedCount(page)).toHaveAttribute('data-selected-count', '0');
  await expect(drawingSvg(page).locator('[data-layer="marquee"]')).toHaveCount(0);
  const deskAfter = await toCanvas(page, await centre(page, 'P-1'));
  expect(Math.abs(deskAfter.x - deskBefore.x)).toBeLessThan(2);
  expect(Math.abs(deskAfter.y - deskBefore.y)).toBeLessThan(2);
  await expect(rail(page).getByRole('button', { name: 'Undo', exact: true })).toBeDisabled();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('editor-pinched-1024.png') });

  // One finger as before: a tap selects a desk; a drag moves it (one undo step).
  const p2 = await centre(page, 'P-2');
  await touch(cdp, 'touchStart', [p2]);
  await touch(cdp, 'touchEnd', []);
  await expect(selectedCount(page)).toHaveAttribute('data-selected-count', '1');
  const p2Canvas = await toCanvas(page, p2);
  await touch(cdp, 'touchStart', [p2]);
  for (let i = 1; i <= 5; i++) await touch(cdp, 'touchMove', [{ x: p2.x + i * 16, y: p2.y }]);
  await touch(cdp, 'touchEnd', []);
  await expect.poll(async () => (await toCanvas(page, await centre(page, 'P-2'))).x).toBeGreaterThan(p2Canvas.x + 30);
  await expect(rail(page).getByRole('button', { name: 'Undo', exact: true })).toBeEnabled();
});
