/** The page a desk's QR code opens: /desk-check-in/{floorplanId}/{deskId} (signed-in; sign-in returns here). */
export const deskCheckInPath = (floorplanId: number, deskId: string): string => `/desk-check-in/${floorplanId}/${encodeURIComponent(deskId)}`;

/** The absolute address a desk's QR code encodes, under the app's base path. */
export const deskCheckInUrl = (origin: string, basePath: string, floorplanId: number, deskId: string): string =>
  `${origin}${basePath}${deskCheckInPath(floorplanId, deskId)}`;

/** The admin's print view of a floorplan's desk codes. */
export const deskQrSheetPath = (siteId: number, locationId: number, floorplanId: number): string =>
  `/menu/settings/sites/${siteId}/locations/${locationId}/floorplans/${floorplanId}/desk-qr-codes`;
