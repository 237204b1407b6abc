import { Center, Loader } from '@mantine/core';
import { lazy, type ComponentType } from 'react';

/**
 * A screen loaded when first opened. The app was one 1.3 MB script; each feature folder is now
 * its own chunk, so opening the desk drawing no longer parses the layout editor, the calendars and
 * the report charts first (bench/README.md, the 5,000-desk floorplan). `name` picks the export.
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await loadOrReload(load))[name] as ComponentType<PropsOf<M[K]>> }));
}

const RELOADED = 'hotdesk:reloaded-for-chunk';

/**
 * A page open across a new deployment asks for chunk names the server no longer has. Reloading once
 * fetches the new index.html and its chunks; a second failure in a row is a real error and is thrown.
 */
async function loadOrReload<M>(load: () => Promise<M>): Promise<M> {
  try {
    const module = await load();
    sessionStorage.removeItem(RELOADED);
    return module;
  } catch (err) {
    if (sessionStorage.getItem(RELOADED)) throw err;
    sessionStorage.setItem(RELOADED, '1');
    window.location.reload();
    return new Promise<M>(() => undefined); // the page is going away
  }
}
type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/** Shown for the moment a screen's chunk takes to arrive. */
export function PageLoading() {
  return <Center mih={200}><Loader aria-label="Loading the page" /></Center>;
}
