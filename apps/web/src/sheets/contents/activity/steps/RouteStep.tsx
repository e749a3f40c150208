import type { LatLng } from '@cordata/contract';
import { routeStats } from '@cordata/geo';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../../components/Activity/format.ts';
import type { MapMarker } from '../../../../components/Map/RouteMap.tsx';
import { PlaceSearch } from '../../../../components/PlaceSearch/PlaceSearch.tsx';
import { DEFAULT_MAP_CENTER } from '../../../../contract.ts';
import { useDraftStore } from '../draft.ts';
import type { StepProps } from '../HandleActivitySheet.tsx';
import { endMarkers, RoutePreview } from './RoutePreview.tsx';
import { Problem, WizardStep } from './WizardStep.tsx';

/** Step 2/4 drawn by hand: each tap on the map adds a point. */
export function RouteStep({ go }: StepProps) {
  const { t, i18n } = useTranslation();
  const route = useDraftStore((s) => s.draft.route);
  const update = useDraftStore((s) => s.update);
  const [missing, setMissing] = useState(false);
  const points = route.mode === 'POINTS' ? route.points : [];

  const setPoints = (next: LatLng[]) => update({ route: { mode: 'POINTS', points: next } });
  const figures = useMemo(() => (points.length >= 2 ? routeStats(points) : null), [points]);
  const markers = useMemo<MapMarker[]>(
    () => [
      ...points.slice(1, -1).map((p, i) => ({ id: `p${i}`, kind: 'point' as const, ...p })),
      ...endMarkers(points, t),
    ],
    [points, t],
  );

  return (
    <WizardStep
      testId="wizard-route"
      footer={
        <button
          type="button"
          className="btn btn-primary btn-block"
          data-testid="wizard-next"
          onClick={() => (points.length >= 2 ? go('difficulty') : setMissing(true))}
        >
          {t('common.next')}
        </button>
      }
    >
      <p className="muted">{t('activity.wizard.drawHint')}</p>
      <PlaceSearch
        testId="route-place"
        label={t('location.route.label')}
        placeholder={t(points.length === 0 ? 'location.route.searchStart' : 'location.route.searchNext')}
        near={points.at(-1) ?? DEFAULT_MAP_CENTER}
        onSelect={({ latitude, longitude }) => {
          setMissing(false);
          setPoints([...points, { latitude, longitude }]);
        }}
      />
      <RoutePreview
        line={points}
        markers={markers}
        figures={figures}
        onTap={(p) => {
          setMissing(false);
          setPoints([...points, p]);
        }}
      />
      <div className="route-tools">
        <span data-testid="route-point-count">
          {t('activity.wizard.pointCount', {
            count: points.length,
            points: formatCount(points.length, i18n.language),
          })}
        </span>
        <button
          type="button"
          className="btn btn-outline"
          data-testid="route-undo"
          disabled={points.length === 0}
          onClick={() => setPoints(points.slice(0, -1))}
        >
          {t('activity.wizard.undo')}
        </button>
        <button type="button" className="btn btn-outline" disabled={points.length === 0} onClick={() => setPoints([])}>
          {t('activity.wizard.clear')}
        </button>
      </div>
      <Problem testId="error-route" message={missing ? t('activity.wizard.addTwoPoints') : undefined} />
    </WizardStep>
  );
}
