import { expect, test, type Page } from '@playwright/test';
import { adminTest } from './fixtures.js';
import { SIGNED_IN_PAGES, SIGNED_OUT_PAGES } from './routes.js';

// Every page shows a loading state, never a blank page or a bare frame (issue 20, point 8). The app's
// /api/ answers are held back for a while (route.continue() after a delay: the real server still
// answers); a recorder in the page notes, every animation frame, whether a loading indicator (a
// visible role="status" saying "Loading…") or the page's heading is on screen. Then:
// - within ~200 ms of the document being parsed, something is shown: a loader or the page itself;
// - while one of the page's calls is held back, a loader is on screen (the heading alone with an
//   empty page below it is the bare frame the issue saw);
// - the real content arrives and every loader is gone.

const DELAY_MS = 1_000;
/** How long a page may show neither a loader nor its content (the first paint of a busy host included). */
const SHOWN_WITHIN_MS = 200;
/**
 * How long the page's content may take to arrive, its calls held back included: a limit, not a
 * measurement (speed is measured in bench/). The site form's first render is one long task of 1-2.5 s
 * here and 5-9 s with the CPU slowed 3-4 times (a CI runner with half its CPU stolen): its heading
 * once took more than the 15 s of expect's default, while the page was still busy drawing it.
 */
const CONTENT_WITHIN_MS = 30_000;

// No service worker: the app's registers itself during the page's first load and then takes every
// later chunk request through its cache-first handler, work this spec does not look at; and
// Playwright does not promise that page.route sees requests of a page a service worker controls
// (https://playwright.dev/docs/service-workers), so a held call could go unanswered. The worker
// has its own journey (pushAndShell.spec.ts).
test.use({ serviceWorkers: 'block' });

/**
 * Calls that fill one field or decorate a page already drawn: while they are held the page shows its
 * content, not a page-wide loader, and that is right. Each with the reason.
 */
const SECONDARY_CALLS: { page: RegExp; call: RegExp; why: string }[] = [
  { page: /^menu\/settings\/sites\//, call: /\/api\/teams$/, why: 'the team picker\'s choices: it says "Loading teams…" when opened' },
  { page: /^menu\/book\/desk\//, call: /\/api\/favourite-desks$/, why: 'the favourite stars and filter of a map already drawn' },
  { page: /\/rooms\/new$/, call: /\/api\/locations\/site\/\d+$/, why: 'only the location\'s name in the heading "New room (…)"' },
  { page: /^menu\/settings\/manageBookings$/, call: /\/api\/sites$/, why: 'the Site field\'s choices: the search works with "Any site"' },
];

interface Frame { t: number; loading: boolean; heading: boolean; bare: boolean }
interface Held { url: string; from: number; to: number }

/** Records each animation frame from the moment the document is parsed (see the header comment). */
function recordFrames() {
  const frames: Frame[] = [];
  (window as unknown as { __frames: Frame[] }).__frames = frames;
  const shown = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const sample = () => {
    // A status saying "Loading…" (LoadingState, the page before the app's script) or a spinner that
    // is a status (the theme makes every Mantine Loader one, named e.g. "Looking for free rooms").
    const loading = [...document.querySelectorAll('[role="status"]')]
      .some((el) => (/loading/i.test(el.textContent ?? '') || el.matches('.mantine-Loader-root')) && shown(el));
    const h1 = document.querySelector('main h1');
    const heading = !!h1 && shown(h1);
    // A bare frame: the page drawn, but nothing in its main area, or nothing at all.
    const main = document.querySelector('main');
    const bare = !main || main.getBoundingClientRect().height === 0 || !main.textContent?.trim();
    frames.push({ t: performance.timeOrigin + performance.now(), loading, heading, bare });
    requestAnimationFrame(sample);
  };
  document.addEventListener('DOMContentLoaded', () => requestAnimationFrame(sample));
}

/** Holds back every call to the app's API by DELAY_MS, noting when each was let through (wall clock). */
async function delayApi(page: Page): Promise<Held[]> {
  const held: Held[] = [];
  await page.route(/\/hotdesk\/api\//, async (route) => {
    // The header's logo is a picture, not the page's data: a page need not say it is loading it. The
    // live stream (issue 24) is background: the page is whole without it, so it shows no loader for it.
    const { pathname } = new URL(route.request().url());
    if (pathname.endsWith('/api/logo') || pathname.endsWith('/api/live')) return route.continue();
    const h = { url: route.request().url(), from: Date.now(), to: Number.POSITIVE_INFINITY };
    held.push(h);
    await new Promise((r) => setTimeout(r, DELAY_MS));
    h.to = Date.now();
    await route.continue().catch(() => undefined); // the page may have moved on
  });
  return held;
}

/** What was on screen when, for a failure's message: ms from the first frame, L(oader) H(eading) B(are), and the held calls. */
function timeline(frames: Frame[], held: Held[]): string {
  const t0 = frames[0]!.t;
  const state = (f: Frame) => `${f.loading ? 'L' : ''}${f.heading ? 'H' : ''}${f.bare ? 'B' : ''}` || '-';
  const changes = frames.filter((f, i) => i === 0 || state(f) !== state(frames[i - 1]!)).map((f) => `${Math.round(f.t - t0)}:${state(f)}`);
  const calls = held.map((h) => `${new URL(h.url).pathname.replace('/hotdesk/api/', '')} ${Math.round(h.from - t0)}-${Math.round(h.to - t0)}`);
  return `frames ${changes.join(' ')}; calls ${calls.join(', ')}`;
}

async function expectLoadingThenContent(page: Page, path: string) {
  await page.addInitScript(recordFrames);
  const held = await delayApi(page);
  await page.goto(path, { waitUntil: 'commit' });

  // The real content arrives and no loader is left.
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible({ timeout: CONTENT_WITHIN_MS });
  await expect.poll(async () => held.some((h) => h.to === Number.POSITIVE_INFINITY), { timeout: 20_000 }).toBe(false);
  // The same limit as the heading's: calls the first answers lead to (a site's floors and figures) may not have been
  // asked yet when the poll above finds nothing held, and a starved CI browser once took 10 s to draw the insights
  // after their answer had arrived (trace of 27 Nov 2026).
  await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0, { timeout: CONTENT_WITHIN_MS });
  await expect(page.getByRole('status').filter({ hasText: /loading/i })).toHaveCount(0);
  await expect(page.getByRole('main')).not.toBeEmpty();

  const frames = await page.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames);
  expect(frames.length, 'frames recorded').toBeGreaterThan(3);
  const first = frames[0]!.t;
  const firstShown = frames.find((f) => f.loading || (f.heading && !f.bare));
  expect(firstShown, `/${path}: neither a loader nor the page ever shown`).toBeDefined();
  expect(firstShown!.t - first, `/${path}: ms before a loader or the page was shown`).toBeLessThanOrEqual(SHOWN_WITHIN_MS);

  // Each frame drawn while a call was held back and not yet let through shows a loader.
  const secondary = SECONDARY_CALLS.filter((c) => c.page.test(path)).map((c) => c.call);
  const awaited = held.filter((h) => !secondary.some((c) => c.test(new URL(h.url).pathname)));
  const unexplained = (f: Frame) => f.t >= firstShown!.t && !f.loading && awaited.some((h) => h.from <= f.t && f.t < h.to);
  // Summed frame by frame, so one slow frame between a loader and the content is not a failure.
  const withoutLoader = frames.slice(0, -1).reduce((ms, f, i) => ms + (unexplained(f) ? frames[i + 1]!.t - f.t : 0), 0);
  expect(withoutLoader, `/${path}: ms with calls in flight and no loader on screen; ${timeline(frames, held)}`)
    .toBeLessThanOrEqual(SHOWN_WITHIN_MS);
}

test.describe('loading states', () => {
  for (const path of [...SIGNED_IN_PAGES]) {
    adminTest(`/${path} shows a loader, then its content`, async ({ page }) => {
      await expectLoadingThenContent(page, path);
    });
  }
  for (const path of SIGNED_OUT_PAGES) {
    test(`/${path} (signed out) shows a loader, then its content`, async ({ page }) => {
      await expectLoadingThenContent(page, path);
    });
  }
});

// A read that fails says so with "Try again", which asks the server once more (no reload needed).
adminTest('My Bookings that failed to load offer Try again, which loads them', async ({ page }) => {
  let failures = 0;
  await page.route(/\/hotdesk\/api\/bookings\/my\?/, async (route) => {
    // The first ask and the query's two automatic retries fail as if the network dropped.
    if (failures < 3) { failures++; return route.abort('connectionreset'); }
    return route.continue();
  });
  await page.goto('menu/mybookings');
  const bar = page.getByRole('alert').filter({ hasText: 'Unable to load bookings' });
  await expect(bar).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /loading/i })).toHaveCount(0);
  await bar.getByRole('button', { name: 'Try again' }).click();
  await expect(bar).toHaveCount(0);
  // The list itself (bookings, or the words for none) under the section's heading.
  await expect(page.getByRole('region', { name: 'Upcoming' })).not.toHaveText(/^\s*Upcoming\s*$/);
  expect(failures).toBe(3);
});

adminTest('the loading page is painted before the app\'s style sheet is in, and the app draws only once it is', async ({ page }) => {
  // The app's one style sheet (index-*.css) held until released; its preload and its link share the one fetch.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => { release = resolve; });
  let asked = 0;
  await page.route(/\/hotdesk\/assets\/index-[^/]+\.css$/, async (route) => {
    asked++;
    await released;
    await route.continue();
  });
  await page.goto('menu', { waitUntil: 'commit' });
  // The loading page (index.html's own styles) is painted while the sheet is held (a style sheet that
  // held the paint would leave no first-contentful-paint entry until it came)...
  await expect(page.getByRole('status').filter({ hasText: 'Loading Hotdesk…' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
  await page.waitForTimeout(500);
  // To look at: the loading page as painted without the app's sheet, desktop and phone.
  await page.screenshot({ path: test.info().outputPath('loading-page-before-styles-1280.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: test.info().outputPath('loading-page-before-styles-375.png') });
  // ...and the app has not drawn unstyled in the meantime.
  await expect(page.getByRole('navigation', { name: 'Home menu' })).toHaveCount(0);
  expect(asked).toBe(1);
  release();
  await expect(page.getByRole('navigation', { name: 'Home menu' })).toBeVisible();
  // Styled: Mantine's variables (in that sheet) are in force, and the sheet now applies on screen.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-blue-6').trim())).not.toBe('');
  expect(await page.locator('link[data-app-styles]').getAttribute('media')).toBe('all');
});

// Pictures of the loading states, phone and desktop, for a person to look at (attached to the report).
adminTest('pictures of loading states at 375x812 and 1280x800', async ({ page }, testInfo) => {
  let release = () => {};
  const released = new Promise<void>((r) => { release = r; });
  const hold = (pattern: RegExp) => page.route(pattern, async (route) => { await released; await route.continue().catch(() => undefined); });
  const shoot = (name: string) => page.screenshot({ path: testInfo.outputPath(`loading-${name}-${page.viewportSize()!.width}.png`) });
  for (const size of [{ width: 375, height: 812 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    // Opened on a slow connection: the page before the app's script, then the frame waiting for settings.
    await hold(/\/hotdesk\/api\/settings$/);
    await page.goto('menu/mybookings', { waitUntil: 'domcontentloaded' });
    await shoot('opening');
    await expect(page.getByRole('status').filter({ hasText: 'Loading Hotdesk' })).toBeVisible();
    await page.waitForTimeout(1_800); // past main.tsx's wait for the opening screen
    await shoot('frame');
    await page.unroute(/\/hotdesk\/api\/settings$/);
    // A page waiting for its own data: My Bookings' list, and a form (Edit site) filled from the server.
    await hold(/\/hotdesk\/api\/(bookings|sites\/1$)/);
    await page.goto('menu/mybookings');
    await expect(page.getByRole('status').filter({ hasText: 'Loading your bookings' })).toBeVisible();
    await shoot('mybookings');
    await page.goto('menu/settings/sites/1/edit');
    await expect(page.getByRole('status').filter({ hasText: 'Loading the site' })).toBeVisible();
    await shoot('site-form');
    await page.unroute(/\/hotdesk\/api\/(bookings|sites\/1$)/);
  }
  release();
});
