import { expect } from '@playwright/test';
import { editorWithDesks } from './editorKit.js';
import { adminTest as test } from './fixtures.js';

// Opening the layout editor (issue 21 point 5): straight from the address, its layout is asked for once
// (the page's hint and the app's call, layoutApi.ts prefetchLatestLayout, are one request); each later
// opening reads the server's latest. The floorplan is the test's own, in a site with desk booking off.

const DESKS = [
  { id: 'open-a', alias: 'O-1', x: 400, y: 300 },
  { id: 'open-b', alias: 'O-2', x: 440, y: 300 },
];

test('opened from the address the layout is asked for once; opened again after a change elsewhere it shows the change', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const path = await editorWithDesks(page, `E2E opening ${Date.now()}`, DESKS, []);
  const [, floorplanId, layoutId] = /floorplan\/(\d+)\/(\d+)$/.exec(path)!;
  const asked: string[] = [];
  page.on('request', (r) => { if (r.url().includes(`/api/floorplans/${floorplanId}/layout/latest`)) asked.push(r.url()); });

  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Desk O-1, available' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked).toHaveLength(1); // the page's hint and the app's call are one request

  // Someone else renames a desk; this editor, opened again within the app, shows it.
  const drawing = {
    desks: DESKS.map((d) => ({ ...d, alias: d.id === 'open-a' ? 'Renamed-1' : d.alias, rotation: 0, bookable: true, assignedTeams: [], tags: [] })),
    doors: [], text: [], floorplanRectangles: [], roomRectangles: [], floorplanShapes: [], lastUpdate: Date.now(),
  };
  const saved = await page.request.post(`api/floorplans/${floorplanId}/layout/${layoutId}`, { data: { Json: JSON.stringify(drawing) } });
  expect(saved.status(), await saved.text()).toBeLessThan(300);
  await page.getByRole('button', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/menu$/);
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Desk Renamed-1, available' })).toBeVisible();
  expect(asked).toHaveLength(2);
});

test.describe('a layout the editor cannot draw', () => {
  // The answer is replaced on the way (page.route), so no service worker may answer it first.
  test.use({ serviceWorkers: 'block' });

  test('says it could not be loaded, draws nothing, and offers Home (the quick check, drawable.ts)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const path = await editorWithDesks(page, `E2E damaged ${Date.now()}`, DESKS, []);
    const [, floorplanId] = /floorplan\/(\d+)\/\d+$/.exec(path)!;
    // The server's answer with its drawing damaged as only a hand-edited record could be: desks not a list.
    await page.route(`**/api/floorplans/${floorplanId}/layout/latest`, async (route) => {
      const answer = await route.fetch();
      const body = await answer.json() as Record<string, unknown>;
      await route.fulfill({ response: answer, json: { ...body, Json: JSON.stringify({ ...JSON.parse(body['Json'] as string), desks: 3 }) } });
    });
    await page.goto(path);
    await expect(page.getByText('Unable to load layout')).toBeVisible();
    await expect(page.locator('[data-desk-id]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Home' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('editor-layout-not-drawable-1280.png') });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: test.info().outputPath('editor-layout-not-drawable-375.png') });
  });
});
