/**
 * The app's style sheet arrives linked for print, so the loading page is painted without waiting for it
 * (vite.config.ts, appStylesAfterBootPage). This switches it to all media and resolves once it is in,
 * so the first render is styled; at once where there is no such link (the dev server).
 * A sheet that fails to load does not stop the app: the render goes ahead, as it would with a plain link.
 */
export function appStylesApplied(doc: Document = document): Promise<void> {
  const link = doc.querySelector<HTMLLinkElement>('link[data-app-styles]');
  if (!link) return Promise.resolve();
  link.media = 'all';
  // `sheet` is set once the file is in (whatever its media).
  if (link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
}
