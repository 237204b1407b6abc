import { z } from 'zod';
import { isCalendarDate } from '../deskRoute.js';

/** Issue 24, desk check-in: the wire shapes of src/server/features/deskCheckIn. */

const Minutes = z.number({ error: 'Enter a number of minutes.' });

/** A site's desk check-in setting (admin). */
export const SiteDeskCheckIn = z.object({ Required: z.boolean(), BeforeMinutes: z.number().int(), AfterMinutes: z.number().int() });
export type SiteDeskCheckIn = z.infer<typeof SiteDeskCheckIn>;
export const SiteDeskCheckInInput = z.object({ Required: z.boolean(), BeforeMinutes: Minutes, AfterMinutes: Minutes });

/** A location's override: null inherits the site's (the window is overridden whole or not at all). */
export const LocationDeskCheckIn = z.object({
  Required: z.boolean().nullable(), BeforeMinutes: z.number().int().nullable(), AfterMinutes: z.number().int().nullable(),
  Site: SiteDeskCheckIn,
});
export type LocationDeskCheckIn = z.infer<typeof LocationDeskCheckIn>;
export const LocationDeskCheckInInput = z.object({ Required: z.boolean().nullable(), BeforeMinutes: Minutes.nullable(), AfterMinutes: Minutes.nullable() });
export type LocationDeskCheckInInput = z.infer<typeof LocationDeskCheckInInput>;

/** The printable QR sheet of a floorplan: its bookable desks on the published layout, by name. */
export const DeskQrSheet = z.object({
  FloorplanId: z.number().int(), FloorplanName: z.string(), SiteName: z.string(), LocationName: z.string(),
  Desks: z.array(z.object({ Id: z.string(), Name: z.string() })),
});
export type DeskQrSheet = z.infer<typeof DeskQrSheet>;

export const DeskPlaceParams = z.object({
  floorplanId: z.coerce.number().int().min(1).max(2_147_483_647),
  deskId: z.string().min(1).max(100),
});

/** The caller's own booking at the scanned desk, with its check-in window. */
export const DeskCheckInBooking = z.object({
  Id: z.number().int(), Start: z.string(), Finish: z.string(), CheckedIn: z.boolean(), CheckedInAt: z.string().nullable(),
  CheckInOpens: z.string(), CheckInCloses: z.string(), Window: z.enum(['early', 'open', 'closed']),
});
export type DeskCheckInBooking = z.infer<typeof DeskCheckInBooking>;

/**
 * What scanning a desk's code finds, for the signed-in person: the desk, whether its bookings need a
 * check-in and the window, their booking here (today's current or next), their desk elsewhere when
 * they have none here, whether the desk is taken now by someone else (named only under the privacy
 * setting that names people on the map), and the booking "Book now" would make when it is free.
 */
export const DeskCheckInState = z.object({
  Desk: z.object({
    FloorplanId: z.number().int(), DeskId: z.string(), Name: z.string(), FloorplanName: z.string(),
    SiteName: z.string(), LocationName: z.string(), TimeZone: z.string(),
  }),
  CheckInRequired: z.boolean(),
  BeforeMinutes: z.number().int(),
  AfterMinutes: z.number().int(),
  YourBooking: DeskCheckInBooking.nullable(),
  YourDeskElsewhere: z.object({ DeskName: z.string(), FloorplanName: z.string(), Start: z.string(), Finish: z.string() }).nullable(),
  TakenNow: z.boolean(),
  TakenBy: z.string().nullable(),
  BookNow: z.object({ Start: z.string(), Finish: z.string() }).nullable(),
  Now: z.string(),
});
export type DeskCheckInState = z.infer<typeof DeskCheckInState>;

export const DeskCheckInResult = z.object({ Message: z.string(), AlreadyCheckedIn: z.boolean(), Booking: DeskCheckInBooking });
export type DeskCheckInResult = z.infer<typeof DeskCheckInResult>;

export const CheckInCountsParams = z.object({ from: z.string().min(1).max(40), to: z.string().min(1).max(40) });
const KindCounts = z.object({ CheckedIn: z.number().int(), NoShows: z.number().int() });
/** Reporting: bookings starting in the range that were checked in, and those released as no-shows, per kind. */
export const CheckInCounts = z.object({ Desk: KindCounts, Room: KindCounts });
export type CheckInCounts = z.infer<typeof CheckInCounts>;

/** The longest period the Reporting check-in card covers: a year (366 days, so a leap year fits). */
export const CHECK_IN_REPORT_MAX_DAYS = 366;

const ReportDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD').refine(isCalendarDate, 'must be a real calendar date');
export const CheckInReportParams = z.object({
  siteId: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').positive('must be a positive id').max(2_147_483_647, 'is too large'),
  from: ReportDay,
  to: ReportDay,
});
export type CheckInReportParams = z.infer<typeof CheckInReportParams>;

/**
 * One kind's figures on the Reporting card. Needed: bookings that started in the period (and before
 * now) whose place needed a check-in, plus any checked in or released as no-shows. Null: the figures are
 * about fewer distinct people than the insights minimum group size, so the screen never learns them.
 * Rates are 0..1 of Needed (null when nothing was needed).
 */
const KindReport = z.object({
  Needed: z.number().int().nullable(),
  CheckedIn: z.number().int().nullable(),
  NoShows: z.number().int().nullable(),
  CheckedInRate: z.number().nullable(),
  NoShowRate: z.number().nullable(),
});
export type KindReport = z.infer<typeof KindReport>;
export const CheckInReport = z.object({
  SiteId: z.number().int(), From: z.string(), To: z.string(), TimeZone: z.string(), MinGroupSize: z.number().int(),
  Desk: KindReport, Room: KindReport,
});
export type CheckInReport = z.infer<typeof CheckInReport>;
