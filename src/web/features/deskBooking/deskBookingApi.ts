/** The desk booking flow's calls (SPEC 7), their query keys, and the two as query options. */
import { queryOptions } from '@tanstack/react-query';
import type { Booking, DeskBookingInput, DeskOccupancy } from '../../../domain/wire/bookings.js';
import type { Floorplan, LayoutRecord } from '../../../domain/wire/floorplans.js';
import type { Location } from '../../../domain/wire/locations.js';
import type { Site, SiteSummary } from '../../../domain/wire/sites.js';
import { deskScreenCalls } from '../../../domain/wire/screenCalls.js';
import { api, ApiError } from '../../app/api.js';
import { screenClosuresQuery } from '../closures/closuresApi.js';
import { DATE_STRIP_MOST_DAYS, dateStripWindows } from '../../../domain/closureWindows.js';

export const deskKeys = {
  sites: ['deskBooking', 'sites'] as const,
  locations: (siteId: number) => ['deskBooking', 'locations', siteId] as const,
  floorplans: (locationId: number) => ['deskBooking', 'floorplans', locationId] as const,
  site: (siteId: number) => ['deskBooking', 'site', siteId] as const,
  layout: (floorplanId: number) => ['deskBooking', 'layout', floorplanId] as const,
  teams: ['deskBooking', 'teams'] as const,
  /** Every time range's bookings of a floorplan: to invalidate after a save. */
  occupancyOf: (floorplanId: number) => ['deskBooking', 'occupancy', floorplanId] as const,
  occupancy: (floorplanId: number, start: string, end: string) => [...deskKeys.occupancyOf(floorplanId), start, end] as const,
};

export const listDeskSites = () => api.get<SiteSummary[]>('/api/sites/desks');
export const listDeskLocations = (siteId: number) => api.get<Location[]>(deskScreenCalls.locations(siteId));
export const listDeskFloorplans = (locationId: number) => api.get<Floorplan[]>(deskScreenCalls.floorplans(locationId));
export const getSite = (siteId: number) => api.get<Site>(deskScreenCalls.site(siteId));
export const getLayout = (floorplanId: number) => api.get<LayoutRecord>(deskScreenCalls.layout(floorplanId));
export const getOccupancy = (floorplanId: number, start: string, end: string) =>
  api.get<DeskOccupancy[]>(deskScreenCalls.occupancy(floorplanId, start, end));
/** Team names, for a desk's assigned team in the desk panel. */
export const listTeams = () => api.get<{ Id: number; Name: string }[]>('/api/teams');
export const bookDesk = (input: DeskBookingInput) => api.post<Booking>('/api/bookings/desk', input);

/**
 * Each read's key with its call, so a screen's query and the prefetch as the app opens (prefetch.ts)
 * can never name one and fetch another. Screens add their own options (enabled, staleTime, retry).
 */
export const deskQueries = {
  sites: () => queryOptions({ queryKey: deskKeys.sites, queryFn: listDeskSites }),
  locations: (siteId: number) => queryOptions({ queryKey: deskKeys.locations(siteId), queryFn: () => listDeskLocations(siteId) }),
  floorplans: (locationId: number) => queryOptions({ queryKey: deskKeys.floorplans(locationId), queryFn: () => listDeskFloorplans(locationId) }),
  site: (siteId: number) => queryOptions({ queryKey: deskKeys.site(siteId), queryFn: () => getSite(siteId) }),
  teams: () => queryOptions({ queryKey: deskKeys.teams, queryFn: listTeams, staleTime: 5 * 60_000 }),
  layout: (floorplanId: number) => queryOptions({ queryKey: deskKeys.layout(floorplanId), queryFn: () => getLayout(floorplanId) }),
  occupancy: (floorplanId: number, start: string, end: string) =>
    queryOptions({ queryKey: deskKeys.occupancy(floorplanId, start, end), queryFn: () => getOccupancy(floorplanId, start, end) }),
  /**
   * The site's closures over the date strip's days and the chosen day (issue 22): one call, or two when
   * the chosen day is far ahead. Needs no time zone, so they start with the layout and the site, not
   * after them: no second waterfall before the map is drawn.
   */
  closures: (siteId: number, chosenDate: string, now: Date) =>
    dateStripWindows(now, chosenDate, DATE_STRIP_MOST_DAYS).map((w) => screenClosuresQuery(siteId, w.from, w.to)),
};

/** '500 Internal Server Error' for SPEC 8's '{status}'. */
export const statusOf = (err: unknown): string => {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : String(err);
  const text = err.statusText && err.statusText !== `HTTP ${err.status}` ? ` ${err.statusText}` : '';
  return `${err.status}${text}`;
};

/** The server's own words (its Error text), for 'Unable to complete booking: {server text}'. */
export const serverText = (err: unknown): string =>
  err instanceof ApiError ? err.serverMessage : err instanceof Error ? err.message : String(err);

/** SPEC 8: a save refused because someone else just took the desk. */
export const isDeskTaken = (err: unknown): boolean => /has already been booked/i.test(serverText(err));
