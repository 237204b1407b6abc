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

const NAME_MAX = 200;

/**
 * POST /api/floorplans/location/{locationId} (create) and POST /api/floorplans/{id} (rename; the body is
 * the floorplan, so Id and FloorplanLayout may come along and are ignored apart from an Id check).
 * Lenient on purpose: an empty or blank name reaches the service, which answers 'The name must not be empty'.
 */
export const FloorplanNameInput = z.object({
  Name: z.string().max(NAME_MAX, `must be at most ${NAME_MAX} characters`).optional(),
  Id: z.number().int().optional(),
});
export type FloorplanNameInput = z.infer<typeof FloorplanNameInput>;

/** Answer of create and of both new-layout calls: where the editor should go. */
export const CreatedLayout = z.object({ floorplanId: z.number().int(), layoutId: z.number().int() });
export type CreatedLayout = z.infer<typeof CreatedLayout>;

/** GET /api/floorplans/{id}/layout/latest: the layout the editor opens (SPEC 7: 'answer has Json'). */
export const LatestLayout = z.object({
  Id: z.number().int(),
  Json: z.string(),
  Published: z.boolean(),
  PublishedAt: z.string().nullable(),
  UpdatedAt: z.string(),
  FloorplanId: z.number().int(),
  FloorplanName: z.string(),
  LocationId: z.number().int(),
  SiteId: z.number().int(),
});
export type LatestLayout = z.infer<typeof LatestLayout>;

/**
 * Body of save and publish. Either `{ "Json": "<drawing as a string>" }` (the layout record's field,
 * as the seed sends it) or the drawing object itself (`{ desks, doors, ... }`); `Json` may also hold
 * the drawing object. Everything is checked by validateDrawing in the service.
 */
export const LayoutBody = z.looseObject({ Json: z.unknown().optional() });
export type LayoutBody = z.infer<typeof LayoutBody>;

/** Answer of save and publish. */
export const SavedLayout = z.object({
  Id: z.number().int(),
  Published: z.boolean(),
  PublishedAt: z.string().nullable(),
  UpdatedAt: z.string(),
});
export type SavedLayout = z.infer<typeof SavedLayout>;

/** A future active booking of one desk (the Delete Desk check, SPEC 4). */
export const DeskFutureBooking = z.object({
  Id: z.number().int(),
  Start: z.string(),
  Finish: z.string(),
  Status: z.number().int(),
  BookedByUserName: z.string(),
  OnBehalfOfEmail: z.string(),
});
/** GET /api/floorplans/{id}/desks/{deskId}/futureBookings. */
export const DeskFutureBookings = z.object({ Count: z.number().int(), Bookings: z.array(DeskFutureBooking) });
export type DeskFutureBookings = z.infer<typeof DeskFutureBookings>;
