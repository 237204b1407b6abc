import { test as base, type BrowserContextOptions } from '@playwright/test';
import { signInAs } from './helpers.js';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/**
 * Tests that only need "some page, signed in as the admin" share one sign-in per worker: each
 * test still gets its own fresh browser context, started from the saved session cookie.
 */
export const adminTest = base.extend<object, { adminStorage: StorageState }>({
  adminStorage: [async ({ browser }, use, workerInfo) => {
    const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
    const page = await context.newPage();
    await signInAs(page, 'admin');
    const state = await context.storageState();
    await context.close();
    await use(state);
  }, { scope: 'worker' }],
  storageState: async ({ adminStorage }, use) => use(adminStorage),
});
