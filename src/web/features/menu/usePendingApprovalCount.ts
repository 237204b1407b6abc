import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.js';
import { useLiveEvents } from '../../app/live/useLiveEvents.js';

const KEY = ['bookings', 'pendingApprovals', 'count'] as const;

/**
 * The live channel tells approvers when a request becomes or stops being pending (issue 24), which
 * replaced the 5-second poll. This slow poll stays as the fallback, so the count is right within a
 * minute even while the channel is down.
 */
const FALLBACK_POLL_MS = 60_000;

/**
 * Pending room requests for a room approver, refetched on live events. A failure is only logged
 * (SPEC 8: 'Unable to get pending booking count'); the menu then behaves as if there were none.
 */
export function usePendingApprovalCount(enabled: boolean): number {
  const queryClient = useQueryClient();
  useLiveEvents(
    (m) => m.type === 'approvals' || m.type === 'resync',
    () => void queryClient.invalidateQueries({ queryKey: KEY }),
    enabled,
  );
  const { data } = useQuery({
    queryKey: KEY,
    enabled,
    refetchInterval: FALLBACK_POLL_MS,
    retry: false,
    queryFn: async () => {
      try {
        return (await api.get<{ PendingApprovals: number }>('/api/bookings/pendingApprovals/count')).PendingApprovals;
      } catch (err) {
        console.error('Unable to get pending booking count', err);
        throw err;
      }
    },
  });
  return enabled ? (data ?? 0) : 0;
}
