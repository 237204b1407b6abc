import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.js';

/** SPEC 6: room approvers are polled for the pending count. */
const POLL_MS = 5_000;

/**
 * Pending room requests for a room approver, refreshed every 5 seconds. A failure is only logged
 * (SPEC 8: 'Unable to get pending booking count'); the menu then behaves as if there were none.
 */
export function usePendingApprovalCount(enabled: boolean): number {
  const { data } = useQuery({
    queryKey: ['bookings', 'pendingApprovals', 'count'],
    enabled,
    refetchInterval: POLL_MS,
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
