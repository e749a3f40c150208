import type { LatLng } from '@cordata/contract';
import { routeStats } from '@cordata/geo';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../../components/Activity/format.ts';
import type { MapMarker } from '../../../../components/Map/RouteMap.tsx';
import { PlaceSearch } from '../../../../components/PlaceSearch/PlaceSearch.tsx';
import { DEFAULT_MAP_CENTER } from '../../../../contract.ts';
import { drawnLine, useDraftStore } from '../draft.ts';
import type { StepProps } from '../HandleActivitySheet.tsx';
import type { SnapState } from '../route-snapping.ts';
import { useRouteSnapping } from '../useRouteSnapping.ts';
import { endMarkers, RoutePreview } from './RoutePreview.tsx';
import { Problem, WizardStep } from './WizardStep.tsx';

const NO_POINTS: LatLng[] = [];

/**
 * Step 2/4 drawn by hand: each tap on the map adds a point, and each leg between two points is snapped to paths
 * (route/snap-legs) as it is drawn. The map, the figures and the stored route are the snapped line.
 */
export function RouteStep({ go }: StepProps) {
  const { t, i18n } = useTranslation();
  const route = useDraftStore((s) => s.draft.route);
  const sportId = useDraftStore((s) => s.draft.sportId);
  const update = useDraftStore((s) => s.update);
  const [missing, setMissing] = useState(false);
  const points = route.mode === 'POINTS' ? route.points : NO_POINTS;
  const [snap, snapper] = useRouteSnapping(sportId, points);

  const setPoints = (next: LatLng[]) => update({ route: { mode: 'POINTS', points: next } });
  // Once every leg has its answer, the snapped line goes into the draft: it is what publishing stores.
  useEffect(() => {
    const current = useDraftStore.getState().draft.route;
    if (snap.pending || current.mode !== 'POINTS' || snap.points !== current.points || current.points.length < 2)
      return;
    if (current.line !== snap.line) update({ route: { mode: 'POINTS', points: current.points, line: snap.line } });
  }, [snap, update]);
  const next = async () => {
    if (points.length < 2) return setMissing(true);
    // A leg drawn a moment ago is asked for now rather than after the pause; the effect above stores the line.
    await snapper.settle();
    go('difficulty');
  };
  // Back on this step (or after a reload) the legs are asked again; meanwhile the line kept in the draft is shown.
  const kept = route.mode === 'POINTS' && snap.pending && route.line ? drawnLine(route) : null;
  const line = points.length < 2 ? points : (kept ?? snap.line);
  const figures = useMemo(() => (line.length >= 2 ? routeStats(line) : null), [line]);
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
          onClick={() => void next()}
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
        line={line}
        markers={markers}
        figures={figures}
        onTap={(p) => {
          setMissing(false);
          setPoints([...points, p]);
        }}
      />
      <SnapStatus snap={snap} drawn={points.length} />
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

/** Where a person can report a wrong path (the OpenStreetMap data the lines follow; FOSSGIS's terms ask for it). */
const FIX_THE_MAP_URL = 'https://www.openstreetmap.org/fixthemap';

/**
 * What snapping did: following paths, done, or one quiet line when legs cannot follow paths at all here (no engine,
 * a water sport); a line for each leg left straight for another reason; and the credit the engine's lines need.
 */
function SnapStatus({ snap, drawn }: { snap: SnapState; drawn: number }) {
  const { t } = useTranslation();
  if (drawn < 2 || snap.legs.length === 0) return null;
  // Reasons that hold for every leg here (no engine, a water sport) make one quiet line, even while a new leg is asked.
  const answered = snap.legs.flatMap((leg) =>
    leg.status === 'pending' ? [] : [leg.status === 'straight' ? leg.reason : null],
  );
  const first = answered[0] ?? (snap.engine === null ? 'NOT_CONFIGURED' : undefined);
  const quiet =
    (first === 'NOT_CONFIGURED' || first === 'SPORT_NOT_ROUTED') && answered.every((r) => r === first) ? first : null;
  const straight = quiet
    ? []
    : snap.legs.flatMap((leg, i) => (leg.status === 'straight' ? [{ index: i, reason: leg.reason }] : []));
  const state = quiet ? 'off' : snap.pending ? 'pending' : straight.length > 0 ? 'partial' : 'snapped';
  return (
    <div className="route-snap" data-testid="route-snap" data-state={state} data-line-points={snap.line.length}>
      <p className="muted route-snap-status" role="status" data-testid="route-snap-status">
        {quiet === 'NOT_CONFIGURED'
          ? t('activity.wizard.snap.notConfigured')
          : quiet === 'SPORT_NOT_ROUTED'
            ? t('activity.wizard.snap.sportNotRouted')
            : snap.pending
              ? t('activity.wizard.snap.following')
              : straight.length === 0
                ? t('activity.wizard.snap.followed')
                : null}
      </p>
      {straight.length > 0 && (
        <ul className="route-snap-legs">
          {straight.map(({ index, reason }) => (
            <li key={index} data-testid="route-straight-leg" data-reason={reason}>
              {t('activity.wizard.snap.legStraight', {
                leg: index + 1,
                legs: snap.legs.length,
                reason: t(`activity.wizard.snap.reason.${reason}`),
              })}
            </li>
          ))}
        </ul>
      )}
      {snap.attribution && (
        <p className="route-snap-credit" data-testid="route-attribution">
          {t('activity.wizard.snap.credit', { attribution: snap.attribution })}{' '}
          <a href={FIX_THE_MAP_URL} target="_blank" rel="noreferrer" data-testid="route-fix-the-map">
            {t('activity.wizard.snap.fixTheMap')}
          </a>
        </p>
      )}
    </div>
  );
}
