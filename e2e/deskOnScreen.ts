/**
 * Where a desk is on screen in the booking view. Its desks are drawn as paths (FloorplanSvg's 'paths'),
 * so a test clicks a desk as a person does: at the place it is drawn. Used by the browser tests and
 * by bench/deskBookingOpen.bench.ts.
 */
import type { Page } from '@playwright/test';
import { CANVAS_SIZE, DESK_SIZE } from '../src/domain/layout/constants.js';

/** Scrolls the floorplan so the desk at canvas (x, y) is in the middle of the view; its centre in page pixels. */
export function deskCentreOnScreen(page: Page, desk: { x: number; y: number }): Promise<{ x: number; y: number }> {
  return page.evaluate(({ x, y, canvas, size }) => {
    const svg = document.querySelector('[data-layer="desk bodies"]')!.closest('svg')!;
    const view = svg.parentElement!;
    const zoom = svg.getBoundingClientRect().width / canvas;
    view.scrollLeft = (x + size / 2) * zoom - view.clientWidth / 2;
    view.scrollTop = (y + size / 2) * zoom - view.clientHeight / 2;
    view.scrollIntoView({ block: 'nearest' });
    const r = svg.getBoundingClientRect();
    return { x: r.left + (x + size / 2) * zoom, y: r.top + (y + size / 2) * zoom };
  }, { ...desk, canvas: CANVAS_SIZE, size: DESK_SIZE });
}

/** A click on the desk with this id, on floorplan `floorplanId`'s published layout (read from its call). */
export async function clickDesk(page: Page, floorplanId: number, deskId: string): Promise<void> {
  const res = await page.request.get(`api/floorplans/${floorplanId}/layout`);
  if (!res.ok()) throw new Error(`layout ${res.status()}`);
  const { desks } = JSON.parse(((await res.json()) as { Json: string }).Json) as { desks: { id: string; x: number; y: number }[] };
  const desk = desks.find((d) => d.id === deskId);
  if (!desk) throw new Error(`no desk ${deskId} on floorplan ${floorplanId}`);
  const at = await deskCentreOnScreen(page, desk);
  await page.mouse.click(at.x, at.y);
}
