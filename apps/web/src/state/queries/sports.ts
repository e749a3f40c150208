import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export const sportsQueryKey = ['sport', 'list-all'] as const;

export function useSportsQuery() {
  return useQuery({ queryKey: sportsQueryKey, queryFn: () => api('sport/list-all'), staleTime: 60 * 60 * 1000 });
}
