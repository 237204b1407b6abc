import { lazy, useState, type ComponentType, type JSX } from 'react';
import { LoadingState } from './shell/LoadingState.js';

/** The feature modules already loaded, by their loader: a page whose code is in renders at once. */
const loadedModules = new Map<() => Promise<unknown>, Record<string, unknown>>();

/**
 * A screen loaded when first opened. The app was one 1.3 MB script; each feature folder is now
 * its own chunk, so opening the desk drawing no longer parses the layout editor, the calendars and
 * the report charts first (bench/README.md, the 5,000-desk floorplan). `name` picks the export.
 *
 * A page whose code is already in (loaded ahead by preloadScreen) is rendered directly, not through
 * React.lazy: lazy suspends on every first render, and React then holds the page back until 300 ms
 * after its loader appeared (measured: the floorplan showed ~200 ms later than it could).
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M>(load: () => Promise<M>, name: K) {
  type Page = ComponentType<PropsOf<M[K]>>;
  const Lazy = lazy(async () => ({ default: (await loadOrReload(load))[name] as Page }));
  function LazyPage(props: PropsOf<M[K]>) {
    // Chosen once per mount: switching component later would remount the page and lose its state.
    const [Shown] = useState<Page>(() => (loadedModules.get(load)?.[name as string] as Page | undefined) ?? Lazy);
    return <Shown {...(props as PropsOf<M[K]> & JSX.IntrinsicAttributes)} />;
  }
  /** The page's loader, so the route the app opens on can start it before the first render (routePrefetch.ts). */
  LazyPage.load = load as () => Promise<Record<string, unknown>>;
  return LazyPage;
}

/** The loader of a lazy page element (lazyPage), if the element is one. */
export function loaderOf(element: unknown): (() => Promise<Record<string, unknown>>) | undefined {
  const type = (element as { type?: { load?: unknown } } | null)?.type;
  return typeof type?.load === 'function' ? (type.load as () => Promise<Record<string, unknown>>) : undefined;
}

/** Loads a screen's code ahead of its first render (the screen the app opens on). */
export async function preloadScreen(load: () => Promise<Record<string, unknown>>): Promise<void> {
  await loadOrReload(load);
}

const RELOADED = 'hotdesk:reloaded-for-chunk';

/**
 * A page open across a new deployment asks for chunk names the server no longer has. Reloading once
 * fetches the new index.html and its chunks; a second failure in a row is a real error and is thrown.
 */
async function loadOrReload<M>(load: () => Promise<M>): Promise<M> {
  try {
    const module = await load();
    loadedModules.set(load, module as Record<string, unknown>);
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

/** Shown for the moment a screen's chunk takes to arrive: the shared loading state, named after the screen when known. */
export function PageLoading({ screen }: { screen?: string }) {
  return <LoadingState what={screen ?? 'the page'} minHeight={200} />;
}
