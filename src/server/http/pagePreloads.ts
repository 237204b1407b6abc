import type { FastifyRequest } from 'fastify';
import { SETTINGS_CALL } from '../../domain/wire/screenCalls.js';
import { SESSION_COOKIE, type SessionStore } from '../auth/sessions.js';
import type { ScreenModules } from './screenModules.js';

/**
 * What a screen will need as it opens: its calls (paths under the base path) and its lazy source modules;
 * and its heading when known without data (the loading page then shows it from the first paint).
 */
export interface ScreenHints { calls: string[]; modules: string[]; heading?: string }

/** One screen's hints for a router path (no base path, no query); null when the path is not that screen. */
export type ScreenHintsFor = (routerPath: string) => Promise<ScreenHints | null>;

/**
 * The hints for the page a request asks for: elements for the head, calls first, files last; and the
 * screen's heading for the loading page ('' for none).
 */
export interface PageHintLinks { calls: string; files: string; heading: string }
export type PagePreloads = (request: FastifyRequest, routerPath: string) => Promise<PageHintLinks>;

const NO_HINTS: PageHintLinks = { calls: '', files: '', heading: '' };

/** A hint is an optimisation: past this, the page goes out without it rather than wait (a slow database, say). */
const HINT_BUDGET_MS = 150;

/**
 * Preload hints for the page being sent, so the browser starts the page's first calls and its
 * screen's script while it is still loading the app's first script, instead of a round trip or two
 * after that script has run (measured on the 5,000-desk floorplan: bench/README.md). Only for a
 * signed-in person: every screen then asks for the settings, and the screens in `screens` for their
 * own data and code. The calls are authorized as always when they arrive; a hint only makes them
 * leave earlier. Anything that fails or is slow leaves the page without hints, never without the page.
 */
export function signedInPagePreloads(
  sessions: SessionStore, files: ScreenModules, basePath: string, screens: readonly ScreenHintsFor[],
  /** The session cookie's name, sessionCookieName(config) (auth/cookies.ts). */
  cookieName = SESSION_COOKIE,
): PagePreloads {
  const hintsFor = async (token: string, routerPath: string): Promise<PageHintLinks> => {
    if (!(await sessions.resolve(token))) return NO_HINTS;
    const found = (await Promise.all(screens.map((hints) => hints(routerPath)))).filter((h) => h !== null);
    const calls = [SETTINGS_CALL, ...found.flatMap((h) => h.calls)];
    const built = found.flatMap((h) => h.modules).map((m) => files.filesFor(m));
    const heading = found.find((h) => h.heading)?.heading;
    return {
      calls: callLinks(basePath, calls),
      files: fileLinks(basePath, built.flatMap((b) => b.scripts), built.flatMap((b) => b.styles)),
      heading: heading ? `<h1 class="boot-title">${text(heading)}</h1>` : '',
    };
  };
  return async (request, routerPath) => {
    const token = request.cookies?.[cookieName];
    if (!token) return NO_HINTS;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<PageHintLinks>((resolve) => { timer = setTimeout(() => resolve(NO_HINTS), HINT_BUDGET_MS); });
    try {
      return await Promise.race([hintsFor(token, routerPath).catch(() => NO_HINTS), late]);
    } finally {
      clearTimeout(timer);
    }
  };
}

const text = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const attribute = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const href = (basePath: string, path: string) => attribute(`${basePath}/${path.replace(/^\//, '')}`);

/**
 * Calls as <link> elements, `as="fetch"` with credentials like the app's own fetch (api.ts):
 * browsers then hand the preloaded answer to that fetch instead of asking again. They go first in
 * the head: measured, Chromium held them back until the page's scripts were in when they came last.
 */
export const callLinks = (basePath: string, calls: readonly string[]): string =>
  calls.map((p) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href(basePath, p)}">`).join('');

/** A screen's built files as modulepreloads (fetched and compiled ahead of the import that needs them) and style preloads. */
export const fileLinks = (basePath: string, scripts: readonly string[], styles: readonly string[] = []): string => [
  ...scripts.map((f) => `<link rel="modulepreload" crossorigin href="${href(basePath, f)}">`),
  ...styles.map((f) => `<link rel="preload" as="style" crossorigin href="${href(basePath, f)}">`),
].join('');

/** Where index.html's loading page takes the screen's heading (its panel, before the loading message). */
export const BOOT_PANEL = '<div class="boot-panel">';

/**
 * The page with its hints: calls at the top of the head, a screen's files after the app's own, and the
 * screen's heading in the loading page. The app's first render draws the same heading in the same
 * place, so a page opened cold shows its heading at once rather than after the scripts have run
 * (Lighthouse's Largest Contentful Paint on the room page was that heading: issue 19, point 7).
 */
export function pageWithHints(indexHtml: string, baseMeta: string, hints: PageHintLinks): string {
  return indexHtml.replace(baseMeta, baseMeta + hints.calls).replace('</head>', `${hints.files}</head>`)
    .replace(BOOT_PANEL, BOOT_PANEL + hints.heading);
}
