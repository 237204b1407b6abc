/** Location calls (SPEC 7). There is no single-location GET: the editor reads the site's list. */
import type { Location, LocationInput } from '../../../domain/wire/locations.js';
import { api } from '../../app/api.js';
import { sitePath } from '../sites/sitesApi.js';

export const locationsKey = (siteId: number) => ['locations', 'site', siteId] as const;

export const listLocations = (siteId: number) => api.get<Location[]>(`/api/locations/site/${siteId}`);
export const createLocation = (siteId: number, input: LocationInput) => api.post<Location>(`/api/locations/site/${siteId}`, input);
export const updateLocation = (id: number, input: LocationInput) => api.post<Location>(`/api/locations/${id}`, input);
export const deleteLocation = (id: number) => api.delete<void>(`/api/locations/${id}`);

export const locationsPath = (siteId: number) => `${sitePath(siteId)}/locations`;
export const locationPath = (siteId: number, locationId: number) => `${locationsPath(siteId)}/${locationId}`;
