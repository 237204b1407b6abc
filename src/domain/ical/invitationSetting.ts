import { z } from 'zod';

/**
 * The person's choice of calendar invitations in booking mail (issue 23): on by default; off, their
 * booking mail carries no calendar object (the personal feed and the download are unaffected).
 */
export const CalendarInvitations = z.object({
  Enabled: z.boolean({ error: 'Enabled: give true (invitations in booking mail) or false (none).' }),
}).strict();
export type CalendarInvitations = z.infer<typeof CalendarInvitations>;
