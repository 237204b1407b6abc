import { z } from 'zod';
import { isCalendarDate } from '../deskRoute.js';

/**
 * Workplace insights (issue 25): aggregates only. Every figure that counts people, or that is about
 * fewer distinct people than the organisation's minimum group size, is null ("fewer than N"): the
 * screen never learns the number. Definitions: docs (decisions, "Insights").
 */

/** The longest period one insight covers: a year (366 days, so a leap year fits). */
export const INSIGHTS_MAX_DAYS = 366;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD').refine(isCalendarDate, 'must be a real calendar date');
const IdParam = z.coerce.number({ message: 'must be a number' }).int('must be a whole number').positive('must be a positive id').max(2_147_483_647, 'is too large');

export const INSIGHT_KINDS = ['desk', 'room'] as const;
export const InsightKind = z.enum(INSIGHT_KINDS, { message: "must be 'desk' or 'room'" });
export type InsightKind = z.infer<typeof InsightKind>;

/** GET /api/insights: a site (days in its time zone), a period of days, desks or rooms, optionally a floor and a tag. */
export const InsightsQuery = z.object({
  siteId: IdParam,
  from: Day,
  to: Day,
  kind: InsightKind.default('desk'),
  locationId: IdParam.optional(),
  tagId: IdParam.optional(),
});
export type InsightsQuery = z.infer<typeof InsightsQuery>;

/** GET /api/insights/daily (and .csv): a site and a period of days. */
export const DailyQuery = z.object({ siteId: IdParam, from: Day, to: Day });
export type DailyQuery = z.infer<typeof DailyQuery>;

/** GET /api/insights/desks: the desks of one floorplan (its site's days) over a period. */
export const DeskHeatQuery = z.object({ floorplanId: IdParam, from: Day, to: Day });
export type DeskHeatQuery = z.infer<typeof DeskHeatQuery>;

/** Booked hours against bookable hours for one bucket (a weekday, an hour of the day). Null: suppressed. */
export const UtilisationBucket = z.object({
  /** ISO weekday 1 (Monday) to 7, or the hour of the day 0 to 23 (site's wall clock). */
  Key: z.number().int(),
  BookedHours: z.number().nullable(),
  BookableHours: z.number(),
  /** BookedHours / BookableHours (0 to 1), null when suppressed or nothing was bookable. */
  Rate: z.number().nullable(),
});
export type UtilisationBucket = z.infer<typeof UtilisationBucket>;

export const PeakDay = z.object({
  Day: z.string(),
  /** The most desks (or rooms) in use at the same moment that day; null when suppressed. */
  Peak: z.number().int().nullable(),
  /** How many desks (or rooms) the scope has. */
  Capacity: z.number().int(),
});
export type PeakDay = z.infer<typeof PeakDay>;

export const CheckInRates = z.object({
  /** Approved or no-show-released bookings that started in the period, before now; null when suppressed. */
  Bookings: z.number().int().nullable(),
  CheckInRate: z.number().nullable(),
  NoShowRate: z.number().nullable(),
});
export type CheckInRates = z.infer<typeof CheckInRates>;

export const CANCELLATION_BUCKETS = ['afterStart', 'under1h', '1to24h', '1to7d', 'over7d'] as const;
export const CancellationBucket = z.object({ Bucket: z.enum(CANCELLATION_BUCKETS), Count: z.number().int().nullable() });
export type CancellationBucket = z.infer<typeof CancellationBucket>;

export const InsightsResponse = z.object({
  SiteId: z.number().int(),
  TimeZone: z.string(),
  From: z.string(),
  To: z.string(),
  Kind: InsightKind,
  MinGroupSize: z.number().int(),
  /** Desks or rooms in scope (bookable desks of the published layouts; live, enabled rooms). */
  Resources: z.number().int(),
  /** The site's day (opening hours) the bookable hours are counted in, minutes since midnight. */
  DayStartMinutes: z.number().int(),
  DayEndMinutes: z.number().int(),
  /** The whole period; null when suppressed. */
  Total: UtilisationBucket,
  ByWeekday: z.array(UtilisationBucket),
  ByHour: z.array(UtilisationBucket),
  PeakByDay: z.array(PeakDay),
  CheckIns: CheckInRates,
  CancellationLeadTimes: z.array(CancellationBucket),
  /**
   * Rooms booked for more people than attend: Hotdesk records no attendee count for a booking (only
   * the room's capacity), so this is not known yet and always false.
   */
  AttendeesKnown: z.literal(false),
});
export type InsightsResponse = z.infer<typeof InsightsResponse>;

export const DailyRow = z.object({
  Day: z.string(),
  /** Distinct people with a desk or room that day booked before the day began (site's midnight). Null: suppressed. */
  BookedAhead: z.number().int().nullable(),
  /** Distinct people with an active (or checked-in) desk or room booking that day, as it stands now. */
  Booked: z.number().int().nullable(),
  /** Distinct people who checked in that day. */
  CheckedIn: z.number().int().nullable(),
});
export type DailyRow = z.infer<typeof DailyRow>;

export const DailyResponse = z.object({
  SiteId: z.number().int(), SiteName: z.string(), TimeZone: z.string(), MinGroupSize: z.number().int(), Days: z.array(DailyRow),
});
export type DailyResponse = z.infer<typeof DailyResponse>;

export const DeskHeat = z.object({
  DeskId: z.string(),
  DeskName: z.string(),
  /** Booked hours / bookable hours of this desk over the period; null when fewer than the minimum of people used it. */
  Rate: z.number().nullable(),
});
export const DeskHeatResponse = z.object({
  FloorplanId: z.number().int(), MinGroupSize: z.number().int(), BookableHours: z.number(), Desks: z.array(DeskHeat),
});
export type DeskHeatResponse = z.infer<typeof DeskHeatResponse>;

export const InsightsSettings = z.object({
  MinGroupSize: z.number().int().min(2, 'must be at least 2').max(100, 'must be at most 100'),
  WorksCouncilMode: z.boolean(),
});
export type InsightsSettings = z.infer<typeof InsightsSettings>;
