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
import { UNDERLAY_LIMITS } from './underlayConstants.js';

export { UNITS_PER_METRE, UNDERLAY_LIMITS, UNDERLAY_UPLOAD, UNDERLAY_ACCEPT, underlayImagePath, DEFAULT_UNDERLAY_OPACITY, BOOKING_VIEW_MAX_OPACITY } from './underlayConstants.js';

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
