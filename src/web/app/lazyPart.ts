import { useCallback, useEffect, useState } from 'react';

/**
 * A part of a screen whose code is a chunk of its own, off the screen's first load (a form or a
 * dialog that is not open when the screen opens): loaded ahead (`preload`, once the screen is drawn or
 * on a sign of intent) and drawn in the same render once its code is in.
 *
 * Not React.lazy: that suspends on every first render, even when the code is in, and React holds the
 * reveal of a suspended part ~300 ms (see lazyPage.tsx), so a form opened after its code had arrived
 * would still appear late.
 */
export interface LazyPart<M> {
  /** Starts loading, once (again after a failure, so a later try can succeed). */
  preload: () => Promise<M>;
  /** The module, once in. */
  loaded: () => M | null;
}

export function lazyPart<M>(load: () => Promise<M>): LazyPart<M> {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  return {
    preload: () => (loading ??= load().then((m) => (loaded = m), (e: unknown) => {
      loading = null;
      throw e;
    })),
    loaded: () => loaded,
  };
}

/**
 * The part's module when in; else, while `wanted`, loads it (re-rendering when it arrives) and says
 * whether that failed. `retry` asks again after a failure (a "Try again" button); so does wanting it
 * again (the form closed and opened).
 */
export function useLazyPart<M>(part: LazyPart<M>, wanted: boolean): { module: M | null; failed: boolean; retry: () => void } {
  const [, setArrived] = useState(false);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const module = part.loaded();
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    part.preload().then(() => live && setArrived(true), () => live && setFailed(true));
    return () => {
      live = false;
      setFailed(false);
    };
  }, [wanted, module, part, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { module, failed: failed && !module, retry };
}
