import { z } from 'zod';

/** GET /api/floorplans/{id}/layout: the published layout record used for desk booking (SPEC 3). */
export const LayoutRecord = z.object({
  Id: z.number().int(),
  Json: z.string(),
  LocationName: z.string(),
  LocationBuildingNo: z.string(),
  SiteNotes: z.string(),
  HasParking: z.boolean(),
  ParkingLimit: z.number().int(),
  SiteId: z.number().int(),
  LocationId: z.number().int(),
  TimeZone: z.string(),
});
export type LayoutRecord = z.infer<typeof LayoutRecord>;

/** Floorplan (SPEC 3). */
export const Floorplan = z.object({
  Id: z.number().int(),
  Name: z.string(),
  FloorplanLayout: z.object({ Id: z.number().int(), Published: z.boolean() }).nullable(),
});
export type Floorplan = z.infer<typeof Floorplan>;
