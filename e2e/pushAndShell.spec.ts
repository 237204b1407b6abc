import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInAs, type DemoPerson } from './helpers.js';

// Push dialog and its snooze cookie, the service worker, the installable app, the new-version
// reload, and the main screens on a 375 px phone (issue 7). Each test has its own browser context;
// nothing global is changed, so it runs beside the other specs on the shared server.

const SCREENS = 'test-results/screens';
const PROMPT = 'Get notified about your bookings?';
const prompt = (page: Page) => page.getByRole('dialog', { name: PROMPT });
// The same panel after 'Turn on' failed: its title (and so its accessible name) says what happened.
const promptPanel = (page: Page) => page.locator('[data-push-prompt]');

async function signedIn(browser: Browser, who: DemoPerson, options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, ...options });
  const page = await context.newPage();
  await signInAs(page, who);
  await expect(page).toHaveURL(/\/hotdesk\/menu$/);
  return { context, page };
}

const baseOrigin = () => new URL(test.info().project.use.baseURL!).origin;

test.describe('push notification dialog', () => {
  test("asks once on the home menu; 'Not now' snoozes it for a month with a cookie", async ({ browser }) => {
    const { context, page } = await signedIn(browser, 'staff');
    await expect(page.getByRole('navigation', { name: 'Home menu' })).toBeVisible();
    await expect(prompt(page)).toBeVisible();
    await expect(prompt(page).getByRole('button', { name: 'Turn on notifications' })).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/push-dialog.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page, '/menu with the push dialog');

    // Only on the home menu.
    await page.getByRole('link', { name: /^My Bookings/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(prompt(page)).toHaveCount(0);
    await page.goto('menu');
    await expect(prompt(page)).toBeVisible();

    const before = Date.now();
    await prompt(page).getByRole('button', { name: 'Not now' }).click();
    await expect(prompt(page)).toHaveCount(0);

    // document.cookie reaches the browser's cookie store a moment later (Chromium sends it across
    // processes), so the store is read until it has arrived.
    const snoozeCookie = async () => (await context.cookies()).find((c) => c.name === 'hotdesk_push_snooze');
    await expect.poll(snoozeCookie, { message: 'snooze cookie' }).toBeDefined();
    const cookie = await snoozeCookie();
    expect(cookie, 'snooze cookie').toBeDefined();
    expect(cookie!.path).toBe('/hotdesk');
    expect(cookie!.sameSite).toBe('Lax');
    expect(cookie!.httpOnly).toBe(false);
    const days = (cookie!.expires * 1000 - before) / 86_400_000;
    expect(days, 'expires in about a month').toBeGreaterThanOrEqual(27.9);
    expect(days).toBeLessThanOrEqual(31.1);

    // Not asked again: after a reload, in a new tab, or after leaving and coming back.
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Home menu' })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(prompt(page)).toHaveCount(0);
    const second = await context.newPage();
    await second.goto('menu');
    await expect(second.getByRole('navigation', { name: 'Home menu' })).toBeVisible();
    await second.waitForTimeout(500);
    await expect(prompt(second)).toHaveCount(0);

    // Once the snooze cookie is gone (a month later), it asks again.
    await context.clearCookies({ name: 'hotdesk_push_snooze' });
    await second.reload();
    await expect(prompt(second)).toBeVisible();
    await context.close();
  });

  test('Turn on notifications: permission, the VAPID key, then PushManager.subscribe', async ({ browser }) => {
    const { context, page } = await signedIn(browser, 'reception', { permissions: ['notifications'] });
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    const posts: string[] = [];
    page.on('request', (r) => { if (r.method() === 'POST' && r.url().endsWith('/api/pushMessaging')) posts.push(r.postData() ?? ''); });

    await expect(prompt(page)).toBeVisible();
    const keyResponse = page.waitForResponse((r) => r.url().endsWith('/hotdesk/api/pushMessaging/publicKey'));
    await prompt(page).getByRole('button', { name: 'Turn on notifications' }).click();
    const key = await (await keyResponse).json();
    expect(Buffer.from(key.PublicKey, 'base64url')).toHaveLength(65);

    // Headless Chromium without network access has no push service: subscribe() fails; the failure is
    // logged (SPEC 7) and the panel says what happened (issue 20). Where a push service is reachable,
    // the subscription is posted and the panel closes.
    await expect.poll(() => posts.length > 0 || errors.some((e) => e.includes('Unable to subscribe to push notifications')), { timeout: 15_000 }).toBe(true);
    if (posts.length > 0) await expect(prompt(page)).toHaveCount(0);
    else {
      await expect(promptPanel(page).getByRole('heading', { name: 'Notifications could not be turned on' })).toBeVisible();
      await expect(promptPanel(page).getByRole('alert')).toContainText('push service');
      await page.screenshot({ path: `${SCREENS}/push-failed.png`, fullPage: true });
      await expectNoSeriousA11yViolations(page, '/menu with the push failure');
      await promptPanel(page).getByRole('button', { name: 'Close' }).click();
      await expect(promptPanel(page)).toHaveCount(0);
    }
    if (posts.length > 0) {
      const body = JSON.parse(posts[0]!);
      expect(body.endpoint).toMatch(/^https:\/\//);
      expect(body.p256dh).toMatch(/^[A-Za-z0-9_-]{87}$/);
      expect(body.auth).toMatch(/^[A-Za-z0-9_-]{22}$/);
    } else {
      test.info().annotations.push({ type: 'push', description: 'PushManager.subscribe could not reach a push service (offline); sending is covered by src/server/features/push/push.test.ts' });
      // Asked once: not again this month.
      expect((await context.cookies()).some((c) => c.name === 'hotdesk_push_snooze')).toBe(true);
    }
    await context.close();
  });

  test('notifications blocked by the browser: the panel says so and how to allow them', async ({ browser }) => {
    // No notifications permission granted: headless Chromium answers the permission request 'denied'.
    const { context, page } = await signedIn(browser, 'reception');
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(prompt(page)).toBeVisible();
    await prompt(page).getByRole('button', { name: 'Turn on notifications' }).click();
    await expect(promptPanel(page).getByRole('heading', { name: 'Notifications are blocked in this browser' })).toBeVisible();
    await expect(promptPanel(page).getByRole('alert')).toContainText('site settings');
    await page.screenshot({ path: `${SCREENS}/push-blocked-phone.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page, '/menu with notifications blocked');
    // Keyboard: the Close button is reachable and closes the panel; the month's snooze is set.
    await promptPanel(page).getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Enter');
    await expect(promptPanel(page)).toHaveCount(0);
    expect((await context.cookies()).some((c) => c.name === 'hotdesk_push_snooze')).toBe(true);
    await context.close();
  });
});

test.describe('installable app and service worker', () => {
  test('the service worker is registered for the base path and never stores API responses', async ({ browser }) => {
    const { context, page } = await signedIn(browser, 'manager');
    const reg = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.ready;
      return { scope: r.scope, script: r.active?.scriptURL ?? '' };
    });
    expect(reg.scope).toBe(`${baseOrigin()}/hotdesk/`);
    expect(reg.script).toBe(`${baseOrigin()}/hotdesk/sw.js`);

    // Once it controls the page, browse a little, then look inside every cache it keeps.
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')).toContain('/hotdesk/sw.js');
    await page.goto('menu/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await page.goto('menu');
    await expect(page.getByRole('navigation', { name: 'Home menu' })).toBeVisible();
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) urls.push(req.url);
      }
      return urls;
    });
    expect(cached.filter((u) => /\/api\/|\/meta\.json|\/auth\//.test(u))).toEqual([]);
    // A call made through the worker answers live data: sign out in another tab, and the next call is refused.
    const first = await page.evaluate(async () => (await fetch('/hotdesk/api/settings')).status);
    expect(first).toBe(200);
    await context.clearCookies({ name: 'hotdesk_session' });
    const after = await page.evaluate(async () => (await fetch('/hotdesk/api/settings')).status);
    expect(after).toBe(401);
    await context.close();
  });

  test('a web app manifest with PNG and SVG icons and a theme colour', async ({ page, request }) => {
    await page.goto('privacy');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/hotdesk/manifest.webmanifest');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1c5fa8');

    const res = await request.get('manifest.webmanifest');
    expect(res.status()).toBe(200);
    const manifest = await res.json();
    expect(manifest).toMatchObject({ name: 'Hotdesk', display: 'standalone', theme_color: '#1c5fa8', start_url: './menu', scope: './' });
    const sizes = (manifest.icons as { sizes: string; type: string }[]).filter((i) => i.type === 'image/png').map((i) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons as { src: string; sizes: string; type: string }[]) {
      const file = await request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()['content-type']).toContain(icon.type);
      if (icon.type === 'image/png') {
        const png = await file.body();
        const [w, h] = icon.sizes.split('x').map(Number);
        expect(png.readUInt32BE(16), `${icon.src} width`).toBe(w);
        expect(png.readUInt32BE(20), `${icon.src} height`).toBe(h);
      }
    }
    const sw = await request.get('sw.js');
    expect(sw.status()).toBe(200);
    expect(sw.headers()['content-type']).toContain('javascript');
    expect(sw.headers()['cache-control']).toBe('no-cache');
  });
});

test.describe('new version', () => {
  test('a newer /meta.json version clears the caches and reloads the page, once', async ({ browser }) => {
    const { context, page } = await signedIn(browser, 'reports');
    await expect(page.getByRole('navigation', { name: 'Home menu' })).toBeVisible();
    // A fresh load: its first /meta.json answer is the version the page runs.
    const firstMeta = page.waitForResponse((r) => r.url().endsWith('/hotdesk/meta.json'));
    await page.reload();
    expect((await (await firstMeta).json()).version).toBe('1.0.1');
    await page.waitForTimeout(300);
    await page.evaluate(async () => {
      (window as unknown as { __before: boolean }).__before = true;
      const cache = await caches.open('hotdesk-test-marker');
      await cache.put('/hotdesk/marker', new Response('old'));
    });

    await page.route('**/hotdesk/meta.json', (route) => route.fulfill({ json: { version: '99.0.0' }, headers: { 'Cache-Control': 'no-store' } }));
    const reloaded = page.waitForEvent('load');
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await reloaded;
    await expect(page.getByRole('navigation', { name: 'Home menu' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __before?: boolean }).__before)).toBeUndefined();
    expect(await page.evaluate(() => caches.keys())).not.toContain('hotdesk-test-marker');

    // The reloaded page runs 99.0.0: the same answer again does not reload it a second time.
    await page.evaluate(() => { (window as unknown as { __after: boolean }).__after = true; });
    await page.waitForTimeout(300);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => (window as unknown as { __after?: boolean }).__after)).toBe(true);
    await context.close();
  });

  test('a version below 0.3.0 clears the caches without a reload (SPEC 4)', async ({ browser }) => {
    const { context, page } = await signedIn(browser, 'reports');
    const firstMeta = page.waitForResponse((r) => r.url().endsWith('/hotdesk/meta.json'));
    await page.reload();
    await firstMeta;
    await page.waitForTimeout(300);
    await page.evaluate(async () => {
      (window as unknown as { __before: boolean }).__before = true;
      await (await caches.open('hotdesk-test-marker')).put('/hotdesk/marker', new Response('old'));
    });
    await page.route('**/hotdesk/meta.json', (route) => route.fulfill({ json: { version: '0.2.0' } }));
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => page.evaluate(() => caches.keys())).not.toContain('hotdesk-test-marker');
    expect(await page.evaluate(() => (window as unknown as { __before?: boolean }).__before)).toBe(true);
    await context.close();
  });
});

test('the main screens on a 375 px phone: nothing overflows sideways', async ({ browser }) => {
  const { context, page } = await signedIn(browser, 'admin', { viewport: { width: 375, height: 740 } });
  const screens = [
    ['menu', 'menu'],
    ['menu/settings', 'settings'],
    ['menu/mybookings', 'my-bookings'],
    ['menu/book/desk', 'book-a-desk'],
    ['privacy', 'privacy'],
  ] as const;
  for (const [path, name] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      // Elements sticking out to the right, unless they sit in a sideways-scrolling box (ScrollHint).
      const scrollsSideways = (el: Element | null): boolean => {
        for (let e = el; e && e !== document.body; e = e.parentElement) {
          const o = getComputedStyle(e).overflowX;
          if (o === 'auto' || o === 'scroll' || o === 'hidden') return true;
        }
        return false;
      };
      const wide = [...document.querySelectorAll('body *')]
        .filter((el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.right > width + 1 && !scrollsSideways(el.parentElement); })
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 2).join('.')}`);
      return { scrollWidth: document.documentElement.scrollWidth, width, wide };
    });
    expect(overflow.scrollWidth, `/${path} page width`).toBeLessThanOrEqual(375);
    expect(overflow.wide, `/${path} elements wider than the screen`).toEqual([]);
    await page.screenshot({ path: `${SCREENS}/phone-375-${name}.png`, fullPage: true });
  }
  await context.close();
});
