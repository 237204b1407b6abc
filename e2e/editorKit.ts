import { expect, type Page } from '@playwright/test';

/** A desk of a test drawing: id, name and position in drawing units. */
export interface TestDesk { id: string; alias: string; x: number; y: number }

/**
 * A floorplan of the test's own, in a site with desk and room booking off (so no booking journey sees
 * it), whose unpublished layout holds these desks and texts; answers the layout editor's address.
 */
export async function editorWithDesks(page: Page, name: string, desks: readonly TestDesk[],
  text: readonly { x: number; y: number; text: string; fontSize: string }[] = []): Promise<string> {
  const site = await page.request.post('api/sites', { data: { Title: `${name} site`, TimeZone: 'Europe/London', DeskBookingEnabled: false, RoomBookingEnabled: false } });
  expect(site.status(), await site.text()).toBeLessThan(300);
  const location = await page.request.post(`api/locations/site/${(await site.json()).Id}`, { data: { Title: `${name} floor` } });
  expect(location.status(), await location.text()).toBeLessThan(300);
  const created = await page.request.post(`api/floorplans/location/${(await location.json()).Id}`, { data: { Name: name } });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const { floorplanId, layoutId } = await created.json();
  const drawing = {
    desks: desks.map((d) => ({ ...d, rotation: 0, bookable: true, assignedTeams: [], tags: [] })),
    doors: [], text, floorplanRectangles: [], roomRectangles: [], floorplanShapes: [], lastUpdate: Date.now(),
  };
  const saved = await page.request.post(`api/floorplans/${floorplanId}/layout/${layoutId}`, { data: { Json: JSON.stringify(drawing) } });
  expect(saved.status(), await saved.text()).toBeLessThan(300);
  return `admin/layoutEditor/floorplan/${floorplanId}/${layoutId}`;
}
