import type { LatLng } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { ElevationChart } from '../../../../components/Activity/ElevationChart.tsx';
import { formatDistance, formatGain } from '../../../../components/Activity/format.ts';
import { endpointMarkers } from '../../../../components/Activity/markers.ts';
import { type MapMarker, RouteMap } from '../../../../components/Map/RouteMap.tsx';
import { DEFAULT_MAP_CENTER } from '../../../../contract.ts';

export interface RouteFigures {
  totalDistance: number;
  /** Null, or an empty profile, when the elevation is unknown (a drawn line before the service measures it). */
  totalElevationGain: number | null;
  smoothedElevationGain: number | null;
  elevationProfile: readonly (readonly [number, number])[];
}

/** The route being made: its map, its figures and its elevation profile. */
export function RoutePreview({
  line,
  markers,
  figures,
  onTap,
}: {
  line: readonly LatLng[];
  markers: MapMarker[];
  figures: RouteFigures | null;
  onTap?: (point: LatLng) => void;
}) {
  const { t, i18n } = useTranslation();
  // routeStats gives 0 for a line with no elevation at all: that is an unknown climb, shown as "—".
  const known = !!figures && figures.elevationProfile.length > 0;
  return (
    <>
      <RouteMap
        label={t('activity.view.map')}
        line={line}
        markers={markers}
        center={line[0] ?? DEFAULT_MAP_CENTER}
        zoom={onTap ? 13 : 11}
        onTap={onTap}
        className="wizard-map"
        testId="wizard-map"
      />
      {figures && (
        <>
          <dl className="activity-stats" data-testid="wizard-stats">
            <div>
              <dt>{t('activity.view.distance')}</dt>
              <dd data-testid="wizard-distance">{formatDistance(figures.totalDistance, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('activity.view.gain')}</dt>
              <dd data-testid="wizard-gain">{formatGain(known ? figures.totalElevationGain : null, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('activity.view.smoothedGain')}</dt>
              <dd>{formatGain(known ? figures.smoothedElevationGain : null, i18n.language)}</dd>
            </div>
          </dl>
          {figures.elevationProfile.length > 1 && <ElevationChart profile={figures.elevationProfile} />}
        </>
      )}
    </>
  );
}

/** A for the first point, B for the last. */
export const endMarkers = (line: readonly LatLng[], t: (key: string) => string): MapMarker[] =>
  endpointMarkers(line[0], line.length > 1 ? line[line.length - 1] : undefined, t);
