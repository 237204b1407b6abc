import { useQueries, useQuery } from '@tanstack/react-query';
import { deskOptions, getLayout, listFloorplans, listLocations } from '../manageBookings/manageBookingsApi.js';
import { listRooms, roomsKey } from '../rooms/roomsApi.js';

export interface PlaceOption { value: string; label: string }

/**
 * A site's floors, rooms and desks as picker options, through the same calls the Manage Desk
 * Bookings and room screens use (cached under the same keys). Desks come from published layouts;
 * their value is 'floorplanId:deskId'.
 */
export function useSitePlaces(siteId: number | null) {
  const locations = useQuery({ queryKey: ['locations', 'site', siteId], queryFn: () => listLocations(siteId!), enabled: siteId !== null });
  const locs = locations.data ?? [];
  const rooms = useQueries({ queries: locs.map((l) => ({ queryKey: roomsKey(l.Id), queryFn: () => listRooms(l.Id) })) });
  const floorplans = useQueries({ queries: locs.map((l) => ({ queryKey: ['floorplans', 'location', l.Id], queryFn: () => listFloorplans(l.Id) })) });
  const published = floorplans.flatMap((q) => q.data ?? []).filter((f) => f.FloorplanLayout?.Published);
  const layouts = useQueries({ queries: published.map((f) => ({ queryKey: ['floorplans', f.Id, 'layout'], queryFn: () => getLayout(f.Id) })) });
  const floorName = new Map(locs.map((l) => [l.Id, l.Title]));
  return {
    loading: locations.isPending && siteId !== null,
    floors: locs.map((l): PlaceOption => ({ value: String(l.Id), label: l.Title })),
    rooms: rooms.flatMap((q, i) => (q.data ?? []).map((r): PlaceOption => ({ value: String(r.Id), label: `${r.Name} (${floorName.get(locs[i]!.Id) ?? ''})` }))),
    desks: published.flatMap((f, i) => (layouts[i]?.data ? deskOptions(f, layouts[i].data) : [])),
  };
}
