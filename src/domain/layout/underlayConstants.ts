/**
 * The underlay's numbers and image address without its schema (underlay.ts): the booking view draws
 * an underlay with these, and importing the schema there would bring the validation library into the
 * desk screen's first load (issue 20: the 5,000-desk floor opening; issue 19: first-load weight).
 */

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

export const underlayImagePath = (imageId: string): string => `/api/floorplans/underlays/${encodeURIComponent(imageId)}`;

/** Opacity a new underlay starts with, and the booking view's ceiling (it stays faint there). */
export const DEFAULT_UNDERLAY_OPACITY = 0.5;
export const BOOKING_VIEW_MAX_OPACITY = 0.35;
