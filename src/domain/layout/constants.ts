/**
 * Layout constants from SPEC section 9. The server validator, the editor engine and the
 * booking view read them from here so a change lands everywhere at once.
 */

/** The drawing canvas is a square of this many units; every element lives inside it. */
export const CANVAS_SIZE = 20000;
/** A desk is a DESK_SIZE x DESK_SIZE box whose top-left corner is the desk's (x, y). */
export const DESK_SIZE = 20;
/** Grid spacing, and the step that snapping rounds to. */
export const GRID = 10;
/** Rotation step used when snapping is on and by the R shortcut. */
export const ROTATION_STEP = 45;
/** Zoom range of the layout editor (zoom buttons) and its starting zoom. */
export const EDITOR_ZOOM = { min: 0.1, max: 0.7, initial: 0.5 } as const;
/** Zoom range of the desk booking floorplan view. */
export const BOOKING_ZOOM = { min: 0.1, max: 1 } as const;
/** Padding (canvas units) kept around the desks when the booking view fits them to the screen. */
export const BOOKING_PADDING = 10;
/** A pen click at most this far from the start point closes the shape... */
export const PEN_CLOSE_DISTANCE = 5;
/** ...but only once the shape has more than this many points. */
export const PEN_CLOSE_MIN_POINTS = 2;
/** The shape rotation handle's distance from the shape is clamped to this range. */
export const HANDLE_RADIUS = { min: 15, max: 50 } as const;
/** Autosave period of the editor; it saves only when the drawing changed. */
export const AUTOSAVE_MS = 60_000;
/** A desk may be restricted to at most this many teams. */
export const MAX_ASSIGNED_TEAMS = 1;
