import { z } from 'zod';
import { BookingConstraint, BookingConstraintInput } from './common.js';
import { Profile } from './profile.js';

/**
 * Whose names people see at desks on the map and in "Who's in" (issue 20): nobody's, the people who
 * share a team with the viewer (the default), or everyone's. A person who hides their name stays hidden.
 */
export const NAMES_ON_MAP = ['off', 'teammates', 'everyone'] as const;
export const NamesOnMap = z.enum(NAMES_ON_MAP, { message: "must be 'off', 'teammates' or 'everyone'" });
export type NamesOnMap = z.infer<typeof NamesOnMap>;

/** Global settings (SPEC 3). The constraints are advance limits applying where no site or location sets one. */
export const GlobalSettings = z.object({
  MaintenanceMode: z.boolean(),
  RoomBookingEnabled: z.boolean(),
  DeskBookingEnabled: z.boolean(),
  GlobalDeskConstraint: BookingConstraint,
  GlobalRoomConstraint: BookingConstraint,
  NamesOnMap,
});
export type GlobalSettings = z.infer<typeof GlobalSettings>;
/** The body of POST /api/settings. NamesOnMap may be left out (a client that predates it): the saved value stays. */
export const GlobalSettingsInput = GlobalSettings.extend({
  GlobalDeskConstraint: BookingConstraintInput, GlobalRoomConstraint: BookingConstraintInput, NamesOnMap: NamesOnMap.optional(),
});
export type GlobalSettingsInput = z.output<typeof GlobalSettingsInput>;

/** GET /api/settings: the settings, whether room kinds exist, and the caller's profile. */
export const SettingsResponse = GlobalSettings.extend({
  HasStandardRooms: z.boolean(),
  HasClinicalRooms: z.boolean(),
  Profile,
});
export type SettingsResponse = z.infer<typeof SettingsResponse>;
