import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef, useState } from 'react';
import { AUTOSAVE_MS } from '../../../domain/layout/constants.js';
import type { Drawing } from '../../../domain/layout/drawing.js';
import type { LatestLayout } from '../../../domain/wire/floorplans.js';
import { draftKey, parseDraft, serializeDraft, shouldOfferRestore } from '../../floorplan/engine/draft.js';
import { loadDrawingSchemas } from '../../floorplan/engine/drawingSchemas.js';
import type { Editor } from '../../floorplan/engine/editor.js';
import { showAlert } from './dialogs.js';
import { publishLayout, saveLayout } from './layoutApi.js';
import { formatDayTime } from '../../../domain/dateFormat.js';

export const PUBLISH_FAILED = 'Unable to publish. Check the console for more details';

/** A local draft is written this long after the last change (and at once when the page is hidden). */
const DRAFT_DELAY_MS = 1000;

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: the editor still works, without local drafts
  }
};

export const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * Saving (button and 60 s autosave, only when changed), publishing, and the local draft (SPEC 4):
 * every change is copied to local storage; on opening, a draft newer than the server copy offers
 * to be restored. A save stamps the drawing's lastUpdate with this browser's clock, the same
 * clock the draft's savedAt uses, so the two compare fairly.
 */
export function useLayoutPersistence(editor: Editor, layout: LatestLayout, serverDrawing: Drawing) {
  const key = draftKey(layout.Id);
  const [saving, setSaving] = useState(false);
  const [lastSavedAt, setLastSavedAt] = useState<number | null>(serverDrawing.lastUpdate || null);
  const inFlight = useRef<Promise<boolean> | null>(null);

  const writeDraft = useCallback(() => {
    const s = editor.getState();
    if (s.dirty) storage()?.setItem(key, serializeDraft(s.drawing, Date.now()));
  }, [editor, key]);

  const save = useCallback(async (opts: { quiet?: boolean } = {}): Promise<boolean> => {
    if (inFlight.current) await inFlight.current;
    const run = (async () => {
      const snapshot = editor.getState();
      const drawing: Drawing = { ...snapshot.drawing, lastUpdate: Date.now() };
      setSaving(true);
      try {
        await saveLayout(layout.FloorplanId, layout.Id, drawing);
        editor.markSaved(snapshot.version);
        setLastSavedAt(drawing.lastUpdate);
        // Nothing changed while saving: the server holds everything, the draft is not needed.
        if (!editor.getState().dirty) storage()?.removeItem(key);
        if (!opts.quiet) notifications.show({ message: 'Layout saved', color: 'green' });
        return true;
      } catch (err) {
        console.error('Saving the layout failed', err);
        notifications.show({ title: 'Unable to save layout', message: errorText(err), color: 'red', autoClose: false });
        return false;
      } finally {
        setSaving(false);
      }
    })();
    inFlight.current = run;
    try {
      return await run;
    } finally {
      if (inFlight.current === run) inFlight.current = null;
    }
  }, [editor, key, layout.FloorplanId, layout.Id]);

  /** Publish: save first, then publish, clear the local draft. Resolves true when published. */
  const publish = useCallback(async (): Promise<boolean> => {
    try {
      if (inFlight.current) await inFlight.current;
      const drawing: Drawing = { ...editor.getState().drawing, lastUpdate: Date.now() };
      const version = editor.getState().version;
      await saveLayout(layout.FloorplanId, layout.Id, drawing);
      editor.markSaved(version);
      await publishLayout(layout.FloorplanId, layout.Id, drawing);
      storage()?.removeItem(key);
      return true;
    } catch (err) {
      console.error('Publishing the layout failed', err);
      showAlert(PUBLISH_FAILED, 'Publish failed');
      return false;
    }
  }, [editor, key, layout.FloorplanId, layout.Id]);

  // Autosave every 60 s, only when the drawing changed.
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (editor.getState().dirty && !inFlight.current) void save({ quiet: true });
    }, AUTOSAVE_MS);
    return () => window.clearInterval(timer);
  }, [editor, save]);

  // The local draft follows every change (debounced), and is written at once when the tab is hidden or closed.
  useEffect(() => {
    let timer: number | undefined;
    let version = editor.getState().version;
    const unsubscribe = editor.subscribe(() => {
      const s = editor.getState();
      if (s.version === version) return;
      version = s.version;
      window.clearTimeout(timer);
      timer = window.setTimeout(writeDraft, DRAFT_DELAY_MS);
    });
    const onHide = () => writeDraft();
    window.addEventListener('pagehide', onHide);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') writeDraft();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      writeDraft();
    };
  }, [editor, writeDraft]);

  // On opening: offer a local draft newer than the server copy (once, even under StrictMode). A draft
  // is checked by the drawing's schema, which comes after the editor's first render (drawingSchemas.ts).
  const offered = useRef(false);
  useEffect(() => {
    if (offered.current) return undefined;
    const raw = storage()?.getItem(key);
    if (!raw) return undefined;
    let mounted = true;
    void loadDrawingSchemas().then((schemas) => {
      if (!mounted || offered.current) return;
      offered.current = true;
      const draft = parseDraft(raw, schemas);
      if (!shouldOfferRestore(draft, serverDrawing.lastUpdate)) return;
      const when = formatDayTime(draft!.savedAt); // the shared date format, the browser's clock
      modals.openConfirmModal({
        title: 'Restore local draft?',
        children: `This browser holds a draft of this layout from ${when}, newer than the saved layout. Restore it?`,
        labels: { confirm: 'Restore draft', cancel: 'Discard draft' },
        closeOnClickOutside: false,
        onConfirm: () => editor.replaceWith(draft!.drawing),
        onCancel: () => storage()?.removeItem(key),
      });
    }, () => undefined); // the schemas' file could not be loaded: no restore offer, as for a broken draft
    return () => { mounted = false; };
  }, [editor, key, serverDrawing.lastUpdate]);

  return { save, publish, saving, lastSavedAt };
}
