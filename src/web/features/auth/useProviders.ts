import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.js';

export interface Providers { local: boolean; oidc: { label: string } | null; setupPending: boolean }

/** Which ways to sign in this server offers (GET /auth/providers, public). */
export function useProviders() {
  return useQuery({ queryKey: ['auth', 'providers'], queryFn: () => api.get<Providers>('/auth/providers'), staleTime: 60_000 });
}
