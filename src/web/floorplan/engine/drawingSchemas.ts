/**
 * The drawing's zod schemas for the editor's own checks: a desk's or a text's edit (document.ts), a desk
 * block and renaming (deskBatch.ts), the local draft (draft.ts). They are not in the editor's first load:
 * zod and the schemas evaluated with the editor's code were ~20 ms of its 2,000-desk opening (bench/README.md,
 * session 23). The editor asks for them once it is drawn (EditorScreen); the forms and panels that edit
 * desks and texts wait for them with their own code (EditorForm's editorForms), so an edit made through them
 * always finds them. A check asked for before they are in is refused with STILL_LOADING, changing nothing.
 */
import type { deskSchema, drawingSchema, textSchema } from '../../../domain/layout/drawing.js';

export interface DrawingSchemas { deskSchema: typeof deskSchema; textSchema: typeof textSchema; drawingSchema: typeof drawingSchema }

export const STILL_LOADING = 'The editor is still loading its checks; try again in a moment.';

let loaded: DrawingSchemas | null = null;
let loading: Promise<DrawingSchemas> | null = null;

/** Loads the schemas (once; after a failed load, the next call asks again); resolves with them. */
export const loadDrawingSchemas = (): Promise<DrawingSchemas> => {
  loading ??= import('../../../domain/layout/drawing.js').then((m) => (loaded = m), (e: unknown) => {
    loading = null;
    throw e;
  });
  return loading;
};

/** The schemas if they are in, else null. */
export const drawingSchemas = (): DrawingSchemas | null => loaded;
