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
