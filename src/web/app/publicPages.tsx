import { lazyPage } from './lazyPage.js';

/**
 * The pages that work signed out, each its own chunk: most visits are signed in and never need them
 * (the sign-in form, first set-up, the privacy policy and room check-in were ~30 kB of the first script).
 */
const loaders = {
  login: () => import('../features/auth/LoginPage.js'),
  setup: () => import('../features/auth/SetupPage.js'),
  privacy: () => import('../features/privacy/PrivacyPage.js'),
  checkIn: () => import('../features/checkIn/index.js'),
  display: () => import('../features/displays/index.js'),
};

export const LoginPage = lazyPage(loaders.login, 'LoginPage');
export const SetupPage = lazyPage(loaders.setup, 'SetupPage');
export const PrivacyPage = lazyPage(loaders.privacy, 'PrivacyPage');
export const CheckInPage = lazyPage(loaders.checkIn, 'CheckInPage');
export const DisplayPage = lazyPage(loaders.display, 'DisplayPage');

/** The chunk of the public page a router path opens, if it is one (routePrefetch loads it before the first render). */
export function publicPageLoader(routerPath: string): (() => Promise<Record<string, unknown>>) | undefined {
  const path = routerPath.split('?')[0]!;
  const first = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  if (first('/login')) return loaders.login;
  if (first('/setup')) return loaders.setup;
  if (first('/privacy')) return loaders.privacy;
  if (first('/check-in')) return loaders.checkIn;
  if (first('/display')) return loaders.display;
  return undefined;
}
