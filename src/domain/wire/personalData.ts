import { z } from 'zod';
import { Id } from './common.js';

/** People's own data (issue 25): the export's query and the admin erasure's body and answer. */

export const PERSONAL_DATA_FORMATS = ['json', 'csv'] as const;
export const PersonalDataQuery = z.object({
  format: z.enum(PERSONAL_DATA_FORMATS, { error: 'format must be json or csv' }).default('json'),
});

export const EraseInput = z.object({
  Confirm: z.string({ error: "Confirm must be the person's e-mail address" }).trim().min(1, "Type the person's e-mail address to confirm").max(320),
});
export type EraseInput = z.infer<typeof EraseInput>;

export const EraseUserIdParam = z.object({ userId: Id });

export const EraseResult = z.object({
  Success: z.literal(true),
  UserId: z.number(),
  Erased: z.object({
    FutureBookingsCancelled: z.number(),
    BookingsAnonymised: z.number(),
    Sessions: z.number(),
    PushSubscriptions: z.number(),
    PushMessages: z.number(),
    FavouriteDesks: z.number(),
    TeamMemberships: z.number(),
    Roles: z.number(),
    Tags: z.number(),
    AccessGrants: z.number(),
    Mails: z.number(),
    CalendarFeed: z.boolean(),
  }),
});
export type EraseResult = z.infer<typeof EraseResult>;
