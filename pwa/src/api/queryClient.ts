// Data loading: no retries, no refetch on focus or interval,
// data never stale. A query without its own queryFn fetches the path made of its key's parts
// joined by '/' (['api', 'events', 7] → GET /api/events/7). Mutations invalidate what they
// change (see useApiMutation and src/api/README.md).
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiFetch } from './client';

export const defaultQueryFn: QueryFunction = ({ queryKey }) => apiFetch(`/${queryKey.map(String).join('/')}`);

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
