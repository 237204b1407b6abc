import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

/**
 * A typed field of the properties panel: it keeps what is typed and hands it on when the field is
 * left (or Enter pressed), as one change rather than one per keystroke. If the field goes away while
 * holding a change (a click on the canvas selects something else before the field's blur arrives),
 * the change is still handed on, to the element it was typed for. Escape drops it.
 * Mount it keyed by the stored value, so an undo or another change shows in the field.
 */
export function useDraftField<T>(value: T, onCommit: (draft: T) => void) {
  const [draft, setDraftState] = useState<T>(value);
  const pending = useRef<{ draft: T } | null>(null);
  const commitTo = useRef(onCommit);
  commitTo.current = onCommit;

  const commit = () => {
    const p = pending.current;
    pending.current = null;
    if (p && p.draft !== value) commitTo.current(p.draft);
  };
  const setDraft = (next: T) => {
    pending.current = { draft: next };
    setDraftState(next);
  };
  /** Escape: forget what was typed (the panel then closes); Enter, for a one-line field: apply it now. */
  const onKeyDown = (e: KeyboardEvent<HTMLElement>, enterCommits: boolean) => {
    if (e.key === 'Escape') pending.current = null;
    else if (e.key === 'Enter' && enterCommits) e.currentTarget.blur();
  };
  // On unmount only; `commit` reads the latest callback through its ref.
  useEffect(() => () => commit(), []);
  return { draft, setDraft, commit, onKeyDown };
}
