import { z } from 'zod';

/**
 * Auto-dim hours of a site's door displays (issue 24): minutes since the site's local midnight. The
 * default is 20:00 to 07:00; "off" (Dims false) never dims. A span may cross midnight (From > To).
 */
export const DEFAULT_DIM_FROM_MINUTES = 20 * 60;
export const DEFAULT_DIM_TO_MINUTES = 7 * 60;
export const LAST_MINUTE_OF_DAY = 24 * 60 - 1;

const Minute = (field: string) => z.number({ error: `${field} must be a number of minutes since midnight.` })
  .int(`${field} must be a whole number of minutes.`)
  .min(0, `${field} must be between 0 (00:00) and ${LAST_MINUTE_OF_DAY} (23:59).`)
  .max(LAST_MINUTE_OF_DAY, `${field} must be between 0 (00:00) and ${LAST_MINUTE_OF_DAY} (23:59).`);

export const SiteDisplayDim = z.object({
  /** False: "off", the displays never dim. */
  Dims: z.boolean(),
  FromMinutes: z.number().int(),
  ToMinutes: z.number().int(),
  /** True when the site has never changed it (the default hours). */
  IsDefault: z.boolean(),
});
export type SiteDisplayDim = z.infer<typeof SiteDisplayDim>;

export const SiteDisplayDimInput = z.object({
  Dims: z.boolean({ error: 'Dims must be true or false.' }),
  FromMinutes: Minute('The start of the dim hours'),
  ToMinutes: Minute('The end of the dim hours'),
}).refine((v) => !v.Dims || v.FromMinutes !== v.ToMinutes, {
  message: 'The dim hours must start and end at different times (turn dimming off to never dim).', path: ['ToMinutes'],
});
export type SiteDisplayDimInput = z.infer<typeof SiteDisplayDimInput>;

/** 'HH:MM' of minutes since midnight, as the door state sends the dim hours. */
export const hhmm = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
