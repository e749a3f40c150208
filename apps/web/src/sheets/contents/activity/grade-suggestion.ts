import type { GradeSuggestion, LatLng } from '@cordata/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import type { DraftRoute } from './draft.ts';

/** route/grade-suggestion takes at most this many points. */
const MAX_POINTS = 5000;
/** OpenStreetMap changes slowly: the same line is asked once while the wizard is open. */
const SUGGESTION_STALE_MS = 30 * 60_000;

/** The line of the route being made, as the activity will be saved: snapped when drawn, a file's line, or the route kept. */
export function draftLine(route: DraftRoute): readonly LatLng[] | null {
  const line =
    route.mode === 'POINTS'
      ? (route.line ?? route.points)
      : route.mode === 'GPX'
        ? route.preview.line
        : route.mode === 'EXISTING'
          ? route.activity.route.routeSteps
          : [];
  if (line.length < 2) return null;
  const every = Math.ceil(line.length / MAX_POINTS);
  const kept = every === 1 ? line : line.filter((_, i) => i % every === 0 || i === line.length - 1);
  return kept.map(({ latitude, longitude }) => ({ latitude, longitude }));
}

/**
 * The grades and hazards OpenStreetMap suggests for the route being made (issue 24), or null while there is no route
 * or no sport. Only a suggestion: the organiser accepts it or not.
 */
export function useGradeSuggestion(route: DraftRoute, sportId: string) {
  const line = draftLine(route);
  return useQuery<GradeSuggestion>({
    queryKey: ['route', 'grade-suggestion', sportId, line ?? []],
    queryFn: () => api('route/grade-suggestion', { sportId, points: [...line!] }),
    enabled: line !== null && sportId !== '',
    staleTime: SUGGESTION_STALE_MS,
    // An unknown grade is an answer, not an error: only the call itself failing lands here, once.
    retry: 1,
  });
}
