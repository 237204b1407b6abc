/**
 * Where to send someone back to after signing in or out: only a page of this app, judged the way the
 * browser will read it. Browsers drop tabs, CR and LF anywhere in a URL and read a backslash as a
 * slash, so "/\t/evil.example" and "/\\evil.example" are links to another site, and "%2e%2e" is "..".
 * Checking the text by hand misses such spellings; parsing it with the WHATWG URL parser (what the
 * browser uses) against the app's own address does not.
 */

/** Stands in for the app's origin when it is not known (tests, the web's unit tests). */
const STAND_IN_ORIGIN = 'http://hotdesk.invalid';

/** Longer return paths are refused (they are not ours: the app's own paths are short). */
export const RETURN_PATH_MAX = 2000;

/**
 * The path (with query and fragment, as the URL parser writes them: ASCII only, nothing for a browser
 * to reinterpret) that `value` leads to, when that is on `origin` under `basePath`; else undefined.
 * `basePath` is '' at the root or e.g. '/hotdesk'. A relative value is read against the base path.
 */
export function sameAppPath(value: unknown, basePath: string, origin: string = STAND_IN_ORIGIN): string | undefined {
  if (typeof value !== 'string' || value === '' || value.length > RETURN_PATH_MAX) return undefined;
  let base: URL;
  try {
    base = new URL(`${basePath}/`, origin);
  } catch {
    base = new URL(`${basePath}/`, STAND_IN_ORIGIN);
  }
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base.origin || url.username !== '' || url.password !== '') return undefined;
  const { pathname } = url;
  // "/.//evil.example" becomes the path "//evil.example", which a browser would read as another host.
  if (pathname.startsWith('//')) return undefined;
  if (basePath !== '' && pathname !== basePath && !pathname.startsWith(`${basePath}/`)) return undefined;
  const path = `${pathname}${url.search}${url.hash}`;
  // As the browser will read it (a Location header or a link): it must stay on this origin.
  return new URL(path, base).origin === base.origin ? path : undefined;
}
