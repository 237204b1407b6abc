/**
 * What the view renders: one immutable snapshot per change (stable between changes, so React's
 * useSyncExternalStore can compare it by identity).
 */
import type { Drawing } from '../../../domain/layout/drawing.js';
import type { ElementRef } from './elements.js';
import type { ToolId, ToolPreview } from './tools/types.js';

export interface EditorState {
  readonly tool: ToolId;
  /** The current tool's machine state ('idle', 'dragging', 'drawing', ...). */
  readonly toolState: string;
  readonly preview: ToolPreview | null;
  readonly drawing: Drawing;
  readonly selection: ElementRef | null;
  readonly showGrid: boolean;
  readonly snap: boolean;
  /** Rotation given to new desks; R turns it by 45. */
  readonly defaultDeskRotation: number;
  /** Whether new desks are bookable; T toggles it. */
  readonly newDeskBookable: boolean;
  readonly zoom: number;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** The drawing changed since the last markSaved(): the 60 s autosave only saves then. */
  readonly dirty: boolean;
  /** Increases with every drawing change; pass it to markSaved() to say which drawing was saved. */
  readonly version: number;
}
