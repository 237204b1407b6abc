import { expect, type Page, type Route } from '@playwright/test';
import { editorWithDesks } from './editorKit.js';
import { adminTest as test } from './fixtures.js';
import { expectNoSeriousA11yViolations } from './helpers.js';

// The layout editor's forms and dialogs come as their own chunk after the drawing (EditorForm.tsx,
// issue 21 point 5): what a person sees while it comes and when it cannot come. Each test makes a
// floorplan of its own, in a site with desk booking off, so no booking journey sees it.

// The chunk is intercepted by page.route, which a service worker would bypass.
test.use({ serviceWorkers: 'block' });

const DESKS = [
  { id: 'forms-a', alias: 'F-1', x: 400, y: 300 },
  { id: 'forms-b', alias: 'F-2', x: 440, y: 300 },
];
const FORMS_CHUNK = '**/assets/editorForms-*.js';
const panel = (page: Page) => page.locator('[data-properties]');

async function clickDesk(page: Page, name: RegExp) {
  const box = (await page.getByRole('button', { name }).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

test('the desks are drawn before the forms; a desk chosen meanwhile says its properties are loading, then shows them', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const held: Route[] = [];
  await page.route(FORMS_CHUNK, (route) => { held.push(route); });
  await page.goto(await editorWithDesks(page, `E2E forms wait ${Date.now()}`, DESKS, []));
  await expect(page.getByRole('button', { name: 'Desk F-1, available' })).toBeVisible();
  await expect.poll(() => held.length).toBe(1); // asked for once the drawing is drawn

  await clickDesk(page, /Desk F-1/);
  await expect(panel(page).getByRole('status').filter({ hasText: "Loading the desk's properties…" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the layout editor while its forms load');

  await held[0]!.continue();
  await page.unroute(FORMS_CHUNK);
  await expect(panel(page).getByRole('textbox', { name: 'Name / alias' })).toHaveValue('F-1');
  await expect(panel(page).getByText("Loading the desk's properties…")).toHaveCount(0);
});

test('a form whose code cannot be loaded says so, the drawing goes on working, and the next try loads it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.route(FORMS_CHUNK, (route) => route.abort('connectionrefused'));
  await page.goto(await editorWithDesks(page, `E2E forms fail ${Date.now()}`, DESKS, []));
  await expect(page.getByRole('button', { name: 'Desk F-1, available' })).toBeVisible();

  // In the panel, where the properties go.
  await clickDesk(page, /Desk F-1/);
  await expect(panel(page).getByRole('alert')).toHaveText("The desk's properties could not be loaded. Check the connection and try again, or reload the page.");
  // A dialog's message floats at the foot of the screen.
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  const helpFailed = page.getByRole('alert').filter({ hasText: 'The keyboard shortcuts could not be loaded.' });
  await expect(helpFailed).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('editor-forms-failed.png') });
  await expectNoSeriousA11yViolations(page, 'the layout editor when its forms cannot be loaded');

  // The drawing itself still works: the pointer tool moves on to the other desk.
  await clickDesk(page, /Desk F-2/);
  await expect(panel(page).getByRole('alert')).toBeVisible();

  // The dialog that could not come is closed from its message.
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(helpFailed).toHaveCount(0);

  // Try again while the connection is still down: the same message.
  await panel(page).getByRole('button', { name: 'Try again' }).click();
  await expect(panel(page).getByRole('alert')).toBeVisible();
  // The connection is back: Try again loads the forms where the message was.
  await page.unroute(FORMS_CHUNK);
  await panel(page).getByRole('button', { name: 'Try again' }).click();
  await expect(panel(page).getByRole('textbox', { name: 'Name / alias' })).toHaveValue('F-2');
  // Choosing another desk shows its properties at once.
  await clickDesk(page, /Desk F-1/);
  await expect(panel(page).getByRole('textbox', { name: 'Name / alias' })).toHaveValue('F-1');
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
});

test('the top bar and the selection commands name themselves in a tip on hover and focus', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(await editorWithDesks(page, `E2E forms tips ${Date.now()}`, DESKS, []));
  const help = page.getByRole('button', { name: 'Keyboard shortcuts' });
  await help.hover();
  await expect(page.getByRole('tooltip')).toHaveText(/^Keyboard shortcuts · layout \d+$/);
  // Under its button, inside the window.
  const tip = (await page.getByRole('tooltip').boundingBox())!;
  const button = (await help.boundingBox())!;
  expect(tip.y).toBeGreaterThan(button.y + button.height);
  expect(tip.x + tip.width).toBeLessThanOrEqual(1280);
  await page.mouse.move(5, 790);
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  await clickDesk(page, /Desk F-1/);
  const rotate = panel(page).getByRole('button', { name: /^Rotate/ }).first();
  await rotate.focus();
  await expect(page.getByRole('tooltip')).toContainText('Rotate');
  // Escape closes the panel (its buttons go) and the focus returns to the rail: the tip follows the focus.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveText('Pointer (V)');
  await expect(page.getByRole('tooltip')).toHaveCount(1);
});
