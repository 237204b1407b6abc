/**
 * What the view renders: one immutable snapshot per change (stable between changes, so React's
 * useSyncExternalStore can compare it by identity).
 */
import type { Drawing } from '../../../domain/layout/drawing.js';
import type { ElementRef } from './elements.js';
import type { GroupDrag, MarqueeBox, ToolId, ToolPreview } from './tools/types.js';

export interface EditorState {
  readonly tool: ToolId;
  /** The current tool's machine state ('idle', 'dragging', 'drawing', ...). */
  readonly toolState: string;
  readonly preview: ToolPreview | null;
  /** The marquee rectangle while one is dragged (canvas units), else null. */
  readonly marquee: MarqueeBox | null;
  /** A selection of desks being dragged: the view may draw `base` with them offset (see GroupDrag). */
  readonly groupDrag: GroupDrag | null;
  readonly drawing: Drawing;
  /** The one selected element when exactly one is selected, else null (properties panel, Edit). */
  readonly selection: ElementRef | null;
  /** Every selected element, in selection order (same array until the selection changes). */
  readonly selected: readonly ElementRef[];
  readonly showGrid: boolean;
  readonly snap: boolean;
  /** Rotation given to new desks; R turns it by 45. */
  readonly defaultDeskRotation: number;
  /** Whether new desks are bookable; T toggles it. */
  readonly newDeskBookable: boolean;
  readonly zoom: number;
  /** The wheel/pinch took the zoom outside the buttons' 0.1-0.7 (WHEEL_ZOOM allows 0.05-2): the readout should say so. */
  readonly zoomOutsideButtons: boolean;
  /** Something was copied (Ctrl+C) that Ctrl+V can paste. */
  readonly canPaste: boolean;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** The drawing changed since the last markSaved(): the 60 s autosave only saves then. */
  readonly dirty: boolean;
  /** Increases with every drawing change; pass it to markSaved() to say which drawing was saved. */
  readonly version: number;
}
