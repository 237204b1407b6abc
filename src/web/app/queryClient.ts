import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.js';

/** Refusals (4xx) are answers, not hiccups: retry only network failures and server errors, twice. */
const shouldRetry = (failureCount: number, error: unknown): boolean =>
  failureCount < 2 && !(error instanceof ApiError && error.status < 500);

export const createQueryClient = () => new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
});
