import { z } from 'zod';

/**
 * A site's daily forecast mail (issue 25): when on, the site's NotificationEmail gets, at 06:00 site
 * time on each working day, the people booked for that day and the next working days (the insights'
 * daily figures, suppressed below the minimum group size).
 */
export const FORECAST_MAIL_LOCAL_HOUR = 6;
/** After this local hour a missed morning's mail is not sent any more (a forecast read at night is no use). */
export const FORECAST_MAIL_LAST_HOUR = 12;
/** Today and the next working days: a working week. */
export const FORECAST_MAIL_DAYS = 5;

/** PUT /api/sites/{id}/forecast-mail. */
export const ForecastMailInput = z.object({ Enabled: z.boolean({ message: 'Enabled must be true or false' }) });
export type ForecastMailInput = z.infer<typeof ForecastMailInput>;

/** GET and PUT /api/sites/{id}/forecast-mail: the switch and where the mail goes ('' = nowhere: no mail). */
export const ForecastMailSetting = ForecastMailInput.extend({
  NotificationEmail: z.string(),
  /** False when the address is empty or cannot receive mail (.invalid): nothing is sent even when on. */
  Deliverable: z.boolean(),
  TimeZone: z.string(),
});
export type ForecastMailSetting = z.infer<typeof ForecastMailSetting>;
