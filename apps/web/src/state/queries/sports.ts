import type { Sport } from '@cordata/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { sportName } from '../../components/People/format.ts';

export const sportsQueryKey = ['sport', 'list-all'] as const;

export function useSportsQuery() {
  return useQuery({ queryKey: sportsQueryKey, queryFn: () => api('sport/list-all'), staleTime: 60 * 60 * 1000 });
}

/** A sport's name in the app's language. */
export function useSportName() {
  const { i18n } = useTranslation();
  return (sport: Sport) => sportName(sport, i18n.language, sport.name);
}
