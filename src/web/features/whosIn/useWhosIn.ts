import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { WhosInResponse } from '../../../domain/wire/whosIn.js';
import { api } from '../../app/api.js';

/** GET /api/whos-in for one day. The previous day's list stays on screen while the next one loads. */
export function useWhosIn(date: string) {
  return useQuery({
    queryKey: ['whosIn', date],
    queryFn: () => api.get<WhosInResponse>(`/api/whos-in?date=${encodeURIComponent(date)}`),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
