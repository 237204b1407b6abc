/**
 * The path the app is served under (e.g. '/hotdesk', or '' at the host root). The server writes it
 * into <meta name="hotdesk-base"> when it serves index.html, so one build works under any PUBLIC_URL.
 */
function readBasePath(): string {
  const content = document.querySelector('meta[name="hotdesk-base"]')?.getAttribute('content') ?? '';
  return content.replace(/\/+$/, '');
}

export const basePath = readBasePath();

/** An absolute URL path under the base path, for full-page navigations and fetches. */
export const withBase = (path: string): string => `${basePath}${path.startsWith('/') ? path : `/${path}`}`;

/** The current location as a router path (base path removed), with its query string. */
export function currentRouterPath(): string {
  const { pathname, search } = window.location;
  const inside = basePath && pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname;
  return `${inside || '/'}${search}`;
}
