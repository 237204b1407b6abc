/**
 * The local draft (SPEC 4): the editor keeps a copy of the drawing in local storage so a closed tab
 * loses nothing, and offers to restore it when it is newer than the server's copy. Pure logic only:
 * the view does the storage calls and passes the clock in.
 */
import type { Drawing } from '../../../domain/layout/drawing.js';
import type { DrawingSchemas } from './drawingSchemas.js';

/** Format version, so a future change of the stored shape can be told apart and dropped. */
const DRAFT_FORMAT = 1;

export interface LocalDraft {
  /** When the draft was written, ms since the epoch. */
  savedAt: number;
  drawing: Drawing;
}

/** One draft per layout: two floorplans open in two tabs must not overwrite each other. */
export const draftKey = (layoutId: number | string): string => `hotdesk.layoutDraft.${layoutId}`;

export const serializeDraft = (drawing: Drawing, now: number): string =>
  JSON.stringify({ format: DRAFT_FORMAT, savedAt: now, drawing });

/**
 * Reads a stored draft, checked in full by the drawing's schema (it is this browser's data, not the
 * server's; the caller loads the schemas, drawingSchemas.ts). Anything unreadable (another format,
 * hand-edited, truncated) is treated as no draft: a broken draft must never block opening the editor.
 */
export const parseDraft = (raw: string | null | undefined, { drawingSchema }: Pick<DrawingSchemas, 'drawingSchema'>): LocalDraft | null => {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { format, savedAt, drawing } = value as Record<string, unknown>;
    if (format !== DRAFT_FORMAT || typeof savedAt !== 'number' || !Number.isFinite(savedAt)) return null;
    const parsed = drawingSchema.safeParse(drawing);
    return parsed.success ? { savedAt, drawing: parsed.data } : null;
  } catch {
    return null;
  }
};

/**
 * Offer the restore prompt when a draft exists and was written after the server copy's last update
 * (a server copy never saved has lastUpdate 0 or none). Equal times mean the draft is what was saved.
 */
export const shouldOfferRestore = (draft: LocalDraft | null, serverLastUpdate: number | null | undefined): boolean =>
  draft !== null && draft.savedAt > (serverLastUpdate ?? 0);
