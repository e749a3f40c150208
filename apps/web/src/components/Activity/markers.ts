import type { LatLng } from '@cordata/contract';
import { haversineMetres } from '@cordata/geo';
import type { MapMarker } from '../Map/RouteMap.tsx';

/** Closer than this, start and finish share one marker (a loop), or one would hide the other. */
const SAME_PLACE_METRES = 50;

/** The start (A) and finish (B) icons of a route. */
export function endpointMarkers(
  start: LatLng | undefined,
  end: LatLng | undefined,
  t: (key: string) => string,
): MapMarker[] {
  const at = (p: LatLng) => ({ latitude: p.latitude, longitude: p.longitude });
  if (start && end && haversineMetres(start, end) < SAME_PLACE_METRES) {
    return [
      {
        id: 'start',
        kind: 'start',
        ...at(start),
        label: 'A·B',
        title: `${t('activity.view.start')} · ${t('activity.view.end')}`,
      },
    ];
  }
  const markers: MapMarker[] = [];
  if (start) markers.push({ id: 'start', kind: 'start', ...at(start), label: 'A', title: t('activity.view.start') });
  if (end) markers.push({ id: 'end', kind: 'end', ...at(end), label: 'B', title: t('activity.view.end') });
  return markers;
}
