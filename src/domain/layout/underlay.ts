/**
 * The underlay (issue 21, "Trace the real plan"): an uploaded plan image drawn faintly under a layout,
 * so an admin can trace walls and place desks on the building's real plan.
 *
 * The image's bytes live on the server (table floorplan_underlays, one row per upload, normalised to
 * PNG or WebP); the drawing holds only where and how to draw it. Because it is part of the drawing
 * JSON, publish and "Use Previous Layout" carry it with everything else.
 *
 * Geometry: (x, y) is the top-left corner of the unrotated image box in canvas units, width/height its
 * size in canvas units (after scaling), rotation clockwise degrees about the box centre, as for the
 * other elements (drawing.ts).
 */
import { z } from 'zod';

/**
 * The drawing's scale, for "this wall is 12 m": a desk box is 20 units and stands for a 1.6 m desk,
 * so 12.5 canvas units are one metre (the 20,000-unit canvas is 1.6 km across).
 */
export const UNITS_PER_METRE = 12.5;

export const UNDERLAY_LIMITS = {
  /** Opacity below this is invisible in practice; hiding is its own switch. */
  minOpacity: 0.05,
  maxOpacity: 1,
  /** The box may reach past the canvas (a plan's margins), but not absurdly. */
  maxSize: 100_000,
  maxCoord: 100_000,
} as const;

/** Upload limits the server applies (and the editor states before sending). */
export const UNDERLAY_UPLOAD = {
  /** Bytes of one uploaded file. */
  maxUploadBytes: 10 * 1024 * 1024,
  /** Bytes kept after re-encoding. */
  maxStoredBytes: 5 * 1024 * 1024,
  /** The stored image's longest side; bigger images are scaled down to it. */
  maxSide: 8000,
  /** Decoded pixels of an upload: past this it is refused before decoding (decompression bombs). */
  maxInputPixels: 100_000_000,
  /** Uploads per person and minute. */
  perMinute: 10,
} as const;

/**
 * What the file chooser offers. The server takes PNG, JPEG and SVG (recognised by their bytes, not the
 * name); a PDF is turned into a PNG of its first page in the browser (pdfFirstPage.ts).
 */
export const UNDERLAY_ACCEPT = 'image/png,image/jpeg,image/svg+xml,application/pdf,.png,.jpg,.jpeg,.svg,.pdf';

export const underlaySchema = z.object({
  /** The uploaded image (GET /api/floorplans/underlays/{imageId}); must belong to this drawing's floorplan. */
  imageId: z.uuid(),
  x: z.number().min(-UNDERLAY_LIMITS.maxCoord).max(UNDERLAY_LIMITS.maxCoord),
  y: z.number().min(-UNDERLAY_LIMITS.maxCoord).max(UNDERLAY_LIMITS.maxCoord),
  width: z.number().positive().max(UNDERLAY_LIMITS.maxSize),
  height: z.number().positive().max(UNDERLAY_LIMITS.maxSize),
  rotation: z.number().min(0).lt(360),
  opacity: z.number().min(UNDERLAY_LIMITS.minOpacity).max(UNDERLAY_LIMITS.maxOpacity),
  /** Locked: the panel's position and scale controls are disabled (the image cannot be moved by accident). */
  locked: z.boolean(),
  /** Hidden in the editor (and then never in the booking view either). */
  hidden: z.boolean(),
  /** Drawn faintly under the desks of the booking view too (a per-floor choice). */
  showInBookingView: z.boolean(),
});

export type Underlay = z.infer<typeof underlaySchema>;

/** The answer to an upload: the stored image, its pixel size and type. */
export const UnderlayImage = z.object({
  Id: z.uuid(),
  FloorplanId: z.int(),
  Width: z.int(),
  Height: z.int(),
  ContentType: z.enum(['image/png', 'image/webp']),
});
export type UnderlayImage = z.infer<typeof UnderlayImage>;

export const underlayImagePath = (imageId: string): string => `/api/floorplans/underlays/${encodeURIComponent(imageId)}`;

/** Opacity a new underlay starts with, and the booking view's ceiling (it stays faint there). */
export const DEFAULT_UNDERLAY_OPACITY = 0.5;
export const BOOKING_VIEW_MAX_OPACITY = 0.35;
