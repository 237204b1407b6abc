/** The longest `work` waits for an idle moment on a busy page. */
const LONGEST_WAIT_MS = 1_000;

/**
 * Runs `work` once the browser is idle (at the latest after LONGEST_WAIT_MS), for work that must not
 * share a screen's first frame. A preload started from a component's effect ran inside the screen's
 * first commit (React flushes effects at once after a render it did synchronously): on the layout
 * editor's 2,000-desk opening, preloading its forms (~25 files, a link element each) took ~32 ms of
 * that task, and the desk screen's Repeat choices ~20 ms (bench/README.md, session 23).
 *
 * Returns a cancel function, so an effect can return it. Where there is no requestIdleCallback
 * (Safari), the work waits for the next frame and then for the task after it, i.e. after the paint.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => work(), { timeout: LONGEST_WAIT_MS });
    return () => window.cancelIdleCallback(id);
  }
  let timer = 0;
  const frame = window.requestAnimationFrame(() => { timer = window.setTimeout(work, 0); });
  return () => {
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}
