import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { NearTeamAnswer } from '../../../domain/wire/whosIn.js';
import { api } from '../../app/api.js';
import { deskKeys, serverText } from './deskBookingApi.js';
import { nearTeamMessage } from './deskMapView.js';

/** GET /api/bookings/for/{floorplanId}/near-team for the map's range (ISO instants). */
const getNearTeam = (floorplanId: number, start: string, end: string) =>
  api.get<NearTeamAnswer>(`/api/bookings/for/${floorplanId}/near-team?start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`);

/**
 * The "Near my team" filter of the desk map (issue 20, point 4): off at first, asked for only once
 * turned on (reads are limited per person and minute). Kept under the floor's occupancy key, so a
 * booking that refreshes the map refreshes this too. `desks` is null until an answer is in.
 */
export function useNearTeam(floorplanId: number, instants: { start: string; end: string } | null) {
  const [on, setOn] = useState(false);
  const q = useQuery({
    queryKey: [...deskKeys.occupancyOf(floorplanId), 'nearTeam', instants?.start ?? '', instants?.end ?? ''],
    queryFn: () => getNearTeam(floorplanId, instants!.start, instants!.end),
    enabled: on && instants !== null,
    retry: false,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
  const desks = useMemo(() => (on && q.data ? new Set(q.data.DeskIds) : null), [on, q.data]);
  const status = !on ? null
    : q.isError ? `Unable to find desks near your team: ${serverText(q.error)}`
      : !q.data || (q.isPlaceholderData && q.isFetching) ? 'Finding desks near your team…'
        : nearTeamMessage(q.data);
  return { on, setOn, desks, status, nearDistance: q.data?.NearDistance ?? null };
}
