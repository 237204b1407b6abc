import { createContext, lazy, Suspense, useContext, useEffect, useState, type ComponentType, type JSX, type ReactNode } from 'react';
import { LoadingState } from './shell/LoadingState.js';

/** The feature modules already loaded, by their loader: a page whose code is in renders at once. */
const loadedModules = new Map<() => Promise<unknown>, Record<string, unknown>>();
/** The modules preloadScreen has started and that have not arrived yet, by their loader. */
const arrivingModules = new Map<() => Promise<unknown>, Promise<Record<string, unknown>>>();

/**
 * A screen loaded when first opened. The app was one 1.3 MB script; each feature folder is now
 * its own chunk, so opening the desk drawing no longer parses the layout editor, the calendars and
 * the report charts first (bench/README.md, the 5,000-desk floorplan). `name` picks the export.
 *
 * A page whose code is already in (loaded ahead by preloadScreen) is rendered directly, not through
 * React.lazy: lazy suspends on every first render, and React then holds the page back until 300 ms
 * after its loader appeared (measured: the floorplan showed ~200 ms later than it could). A page whose
 * code preloadScreen started but has not got yet (the screen the app opened on, when the first render
 * does not wait for it) shows its loader without suspending and is drawn the moment its code is in:
 * the layout editor's 2,000 desks were drawn ~130-180 ms after their code and data had arrived,
 * waiting out that 300 ms. Pages opened later by a link keep React.lazy, so a navigation (a
 * transition) keeps the old page on screen until the new one can be drawn.
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M>(load: () => Promise<M>, name: K) {
  type Page = ComponentType<PropsOf<M[K]>>;
  const Lazy = lazy(async () => ({ default: (await loadOrReload(load))[name] as Page }));
  function LazyPage(props: PropsOf<M[K]>) {
    // Chosen once per mount, but for the wait on an arriving module (null): switching component later
    // would remount the page and lose its state.
    const [Shown, setShown] = useState<Page | null>(() =>
      (loadedModules.get(load)?.[name as string] as Page | undefined) ?? (arrivingModules.has(load) ? null : Lazy));
    const screen = useContext(LoadingScreen);
    useEffect(() => {
      if (Shown !== null) return;
      let mounted = true;
      const show = (page: Page) => { if (mounted) setShown(() => page); };
      const loaded = loadedModules.get(load);
      // A failed load falls back to React.lazy, which loads again (or reloads the page: loadOrReload).
      if (loaded) show(loaded[name as string] as Page);
      else void (arrivingModules.get(load) ?? Promise.reject(new Error('not loading'))).then((m) => show(m[name as string] as Page), () => show(Lazy));
      return () => { mounted = false; };
    }, [Shown]);
    if (Shown === null) return <PageLoading screen={screen} />;
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
  if (loadedModules.has(load)) return;
  const arriving = arrivingModules.get(load) ?? loadOrReload(load);
  arrivingModules.set(load, arriving);
  try {
    await arriving;
  } finally {
    arrivingModules.delete(load);
  }
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

/** The screen a lazy page belongs to, for the loader it shows while its code arrives without suspending. */
const LoadingScreen = createContext<string | undefined>(undefined);

/** Where a route's lazy page is drawn: its loader, named after the screen, while the page's code arrives. */
export function PageSuspense({ screen, children }: { screen?: string; children: ReactNode }) {
  return (
    <LoadingScreen.Provider value={screen}>
      <Suspense fallback={<PageLoading screen={screen} />}>{children}</Suspense>
    </LoadingScreen.Provider>
  );
}
