import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.js';

/** The running server's version (GET /meta.json), so the label never drifts from what is deployed. */
export function useAppVersion(): string | undefined {
  const { data } = useQuery({
    queryKey: ['meta'],
    queryFn: () => api.get<{ version: string }>('/meta.json'),
    staleTime: Infinity,
  });
  return data?.version;
}
