import { z } from 'zod';
import { BookingConstraint, BookingConstraintInput } from './common.js';
import { Profile } from './profile.js';

/** Global settings (SPEC 3). The constraints are advance limits applying where no site or location sets one. */
export const GlobalSettings = z.object({
  MaintenanceMode: z.boolean(),
  RoomBookingEnabled: z.boolean(),
  DeskBookingEnabled: z.boolean(),
  GlobalDeskConstraint: BookingConstraint,
  GlobalRoomConstraint: BookingConstraint,
});
export type GlobalSettings = z.infer<typeof GlobalSettings>;
export const GlobalSettingsInput = GlobalSettings.extend({ GlobalDeskConstraint: BookingConstraintInput, GlobalRoomConstraint: BookingConstraintInput });

/** GET /api/settings: the settings, whether room kinds exist, and the caller's profile. */
export const SettingsResponse = GlobalSettings.extend({
  HasStandardRooms: z.boolean(),
  HasClinicalRooms: z.boolean(),
  Profile,
});
export type SettingsResponse = z.infer<typeof SettingsResponse>;
