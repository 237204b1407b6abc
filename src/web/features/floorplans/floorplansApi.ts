/** The floorplans list's calls (SPEC 7 'Floorplans'). */
import type { CreatedLayout, Floorplan } from '../../../domain/wire/floorplans.js';
import { api, ApiError } from '../../app/api.js';

export const floorplansKey = (locationId: number) => ['floorplans', 'location', locationId] as const;

export const listFloorplans = (locationId: number) => api.get<Floorplan[]>(`/api/floorplans/location/${locationId}`);
export const createFloorplan = (locationId: number, name: string) => api.post<CreatedLayout>(`/api/floorplans/location/${locationId}`, { Name: name });
/** Rename: the body is the floorplan (SPEC 7). */
export const renameFloorplan = (floorplan: Floorplan, name: string) => api.post<Floorplan>(`/api/floorplans/${floorplan.Id}`, { ...floorplan, Name: name });
export const deleteFloorplan = (id: number) => api.delete<void>(`/api/floorplans/${id}`);
export const newBlankLayout = (id: number) => api.post<CreatedLayout>(`/api/floorplans/${id}/newlayout`);

/** '500 Internal Server Error' for the '{status}' of SPEC 8's list messages. */
export const statusOf = (err: unknown): string => {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : String(err);
  const text = err.statusText && err.statusText !== `HTTP ${err.status}` ? ` ${err.statusText}` : '';
  return `${err.status}${text}`;
};

/** The server's own words for '…' in SPEC 8's messages. */
export const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));
