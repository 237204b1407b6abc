/**
 * The lobby board never scrolls: when a site has more rooms (or floors) than fit, they are shown a page
 * at a time and the pages turn by themselves (a board has no one to scroll it). Page sizes are fixed
 * per orientation rather than measured: the cards have fixed heights, so a fixed count always fits,
 * and every board of a site turns through the same pages.
 */
export const ROTATE_MS = 15_000;
export const PAGE_SIZES = {
  landscape: { rooms: 8, floors: 2 },
  portrait: { rooms: 8, floors: 2 },
} as const;

/** The number of pages for `count` items, at least 1. */
export const pageCount = (count: number, size: number): number => Math.max(1, Math.ceil(count / size));

/** The items on page `tick` (turning forever: the page after the last is the first). */
export function pageOf<T>(items: readonly T[], size: number, tick: number): { items: T[]; page: number; pages: number } {
  const pages = pageCount(items.length, size);
  const page = ((tick % pages) + pages) % pages;
  return { items: items.slice(page * size, page * size + size), page, pages };
}
