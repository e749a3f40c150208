import type { ElevationSource, LatLng } from '@cordata/contract';
import { pointsRouteDistance, type RouteEffort } from '@cordata/geo';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import type { DraftRoute } from './draft.ts';

/** Where the draft's climb stands: measured, being measured, or unknown and why. */
export type EffortStatus = 'KNOWN' | 'MEASURING' | Exclude<ElevationSource, 'FILE' | 'SERVICE'>;

export interface DraftEffort extends RouteEffort {
  status: EffortStatus;
  /** The climb came from the server's elevation service, whose credit is then shown. */
  measuredByService?: boolean;
}

/** The same line gives the same answer: it is asked once while the wizard is open. */
const ELEVATION_STALE_MS = 30 * 60_000;

export const routeElevationKey = (points: readonly LatLng[]) => ['route', 'elevation', points] as const;

/**
 * Distance, climb and descent of the route being made, for the moving-time estimate. A GPX file brings its own
 * elevation; a drawn line, or a file without any, is measured by the server's elevation service (route/elevation),
 * so the wizard shows what the saved activity will show. Null while there is no route.
 */
export function useDraftEffort(route: DraftRoute): DraftEffort | null {
  // A drawn route is measured along its snapped line once it has one (route/snap-legs), as it will be saved.
  const drawn = route.mode === 'POINTS' ? (route.line ?? route.points) : null;
  const line: readonly LatLng[] | null =
    drawn && drawn.length >= 2
      ? drawn
      : route.mode === 'GPX' && route.preview.totalElevationGain === null && route.preview.line.length >= 2
        ? route.preview.line
        : null;
  const measured = useQuery({
    queryKey: routeElevationKey(line ?? []),
    queryFn: () =>
      api('route/elevation', { points: line!.map(({ latitude, longitude }) => ({ latitude, longitude })) }),
    enabled: line !== null,
    staleTime: ELEVATION_STALE_MS,
    // An unknown climb is an answer, not an error: only the call itself failing lands here, once.
    retry: 1,
  });

  switch (route.mode) {
    case 'NONE':
      return null;
    case 'EXISTING': {
      const a = route.activity;
      const known = a.smoothedElevationGain !== null && a.elevationLoss !== null;
      return {
        distance: a.totalDistance,
        gain: a.smoothedElevationGain,
        loss: a.elevationLoss,
        status: known ? 'KNOWN' : 'UNAVAILABLE',
      };
    }
    case 'GPX':
      if (route.preview.totalElevationGain !== null) {
        return {
          distance: route.preview.totalDistance,
          gain: route.preview.smoothedElevationGain,
          loss: route.preview.elevationLoss,
          status: 'KNOWN',
        };
      }
      return fromService(route.preview.totalDistance, measured);
    case 'POINTS':
      if (!drawn || drawn.length < 2) return null;
      return fromService(pointsRouteDistance(drawn), measured);
  }
}

function fromService(
  distance: number,
  measured: {
    data?: { smoothedElevationGain: number | null; elevationLoss: number | null; elevationSource: ElevationSource };
    isPending: boolean;
    isError: boolean;
  },
): DraftEffort {
  if (measured.data) {
    const { smoothedElevationGain: gain, elevationLoss: loss, elevationSource } = measured.data;
    const status: EffortStatus =
      gain !== null && loss !== null
        ? 'KNOWN'
        : elevationSource === 'NOT_CONFIGURED'
          ? 'NOT_CONFIGURED'
          : 'UNAVAILABLE';
    return { distance, gain, loss, status, measuredByService: elevationSource === 'SERVICE' };
  }
  return { distance, gain: null, loss: null, status: measured.isError ? 'UNAVAILABLE' : 'MEASURING' };
}
