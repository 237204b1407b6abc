import { z } from 'zod';
import { IsoInstant } from './bookings.js';

/** Issue 22: closures of a site or of some of its places. Limits shared by the server and the form. */
export const CLOSURE_LIMITS = {
  reasonMax: 200,
  /** A closure, and a range asked for, spans at most this many days (two years). */
  maxDays: 731,
  /** Places one closure may name. */
  maxPlaces: 500,
  /** Bookings a preview lists by name (the count is always exact). */
  previewList: 200,
  /** Holiday import: the file's size and how many events it may hold. */
  icsMaxBytes: 1024 * 1024,
  icsMaxEvents: 200,
} as const;

const DbId = z.number().int().min(1).max(2_147_483_647);

export const ClosureDesk = z.object({ FloorplanId: DbId, DeskId: z.string().min(1).max(100) });

/** Which places: the whole site, or the listed locations (floors), rooms and desks of it. */
export const ClosureScope = z.object({
  WholeSite: z.boolean(),
  LocationIds: z.array(DbId).max(CLOSURE_LIMITS.maxPlaces).default([]),
  RoomIds: z.array(DbId).max(CLOSURE_LIMITS.maxPlaces).default([]),
  Desks: z.array(ClosureDesk).max(CLOSURE_LIMITS.maxPlaces).default([]),
});

export const ClosureInput = z.object({
  SiteId: DbId,
  Scope: ClosureScope,
  Start: IsoInstant,
  End: IsoInstant,
  Reason: z.string().trim().min(1, 'must not be empty').max(CLOSURE_LIMITS.reasonMax, `must be at most ${CLOSURE_LIMITS.reasonMax} characters`),
  RepeatsYearly: z.boolean().optional().default(false),
});
export type ClosureInput = z.input<typeof ClosureInput>;

/** Creating: the preview's Token confirms that the bookings to cancel are still the ones shown. */
export const CreateClosureInput = ClosureInput.extend({ Token: z.string().min(1).max(100) });
export type CreateClosureInput = z.input<typeof CreateClosureInput>;

const ScopeOut = z.object({
  WholeSite: z.boolean(), LocationIds: z.array(z.number()), RoomIds: z.array(z.number()),
  Desks: z.array(z.object({ FloorplanId: z.number(), DeskId: z.string() })),
});

/** What anyone signed in sees (screens draw closed places and days): no creator. */
export const Closure = z.object({
  Id: z.number(), SiteId: z.number(), Scope: ScopeOut, Start: z.string(), End: z.string(), Reason: z.string(), RepeatsYearly: z.boolean(),
});
export type Closure = z.infer<typeof Closure>;

/** Admins also see who made it and when. */
export const AdminClosure = Closure.extend({ CreatedByName: z.string(), CreatedAt: z.string() });
export type AdminClosure = z.infer<typeof AdminClosure>;

export const AffectedBooking = z.object({
  Id: z.number(), Start: z.string(), Finish: z.string(), Place: z.string(), PersonName: z.string(),
});
export type AffectedBooking = z.infer<typeof AffectedBooking>;

/** The bookings a closure would cancel: the exact count, the first ones by start, and the token to confirm with. */
export const ClosurePreview = z.object({ Count: z.number(), Bookings: z.array(AffectedBooking), Token: z.string() });
export type ClosurePreview = z.infer<typeof ClosurePreview>;

export const ClosureCreated = z.object({ Closures: z.array(AdminClosure), CancelledCount: z.number() });
export type ClosureCreated = z.infer<typeof ClosureCreated>;

/** GET lists: a site and a range [From, To). */
export const ClosureRangeQuery = z.object({ siteId: z.coerce.number().int().min(1).max(2_147_483_647), from: IsoInstant, to: IsoInstant });

/** Holiday import: the .ics text (the browser reads the chosen file), one site; Token confirms as above. */
export const ClosureImportInput = z.object({
  SiteId: DbId,
  Ics: z.string().min(1, 'must not be empty').max(CLOSURE_LIMITS.icsMaxBytes, 'the file may be at most 1 MB'),
  RepeatsYearly: z.boolean().optional().default(false),
  Token: z.string().min(1).max(100).optional(),
});
export type ClosureImportInput = z.input<typeof ClosureImportInput>;

export const ImportedHoliday = z.object({ Start: z.string(), End: z.string(), Reason: z.string() });
export const ClosureImportPreview = ClosurePreview.extend({ Holidays: z.array(ImportedHoliday) });
export type ClosureImportPreview = z.infer<typeof ClosureImportPreview>;
