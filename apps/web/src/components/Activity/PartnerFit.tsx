import type { ActivitySummary } from '@cordata/contract';
import { type PartnerFit, partnerFit } from '@cordata/geo';
import { useTranslation } from 'react-i18next';
import { useOwnProfileQuery } from '../../state/queries/profile.ts';
import { intensityValue } from '../People/format.ts';
import { formatDistance, formatMetres } from './format.ts';

type FitActivity = Pick<ActivitySummary, 'sportId' | 'totalDistance' | 'totalElevationGain' | 'requiredTime'>;

/** A fit, and the pace group whose level it was measured against when I declared none (issue 40). */
type Fit = PartnerFit & { paceGroup?: string };

const FIT_ORDER: PartnerFit['level'][] = ['WITHIN', 'STRETCH', 'ABOVE', 'UNKNOWN'];

/**
 * How the activity's route compares with the level I declared for its sport (issue 24), else with the levels of my
 * pace groups in that sport, the best of them (issue 40); null with neither. The rule is @cordata/geo's
 * partnerFit, the same the server's "fits me" filter follows.
 */
export function usePartnerFit(activity: FitActivity): Fit | null {
  const user = useOwnProfileQuery().data?.user;
  const declared = user?.sports.find((s) => s.sportId === activity.sportId);
  if (declared) return partnerFit(activity, declared.intensity);
  const fits = (user?.paceGroupLevels ?? [])
    .filter((level) => level.sportId === activity.sportId)
    .map((level) => ({ ...partnerFit(activity, level.intensity), paceGroup: level.subgroupName }));
  fits.sort((a, b) => FIT_ORDER.indexOf(a.level) - FIT_ORDER.indexOf(b.level));
  return fits[0] ?? null;
}

/** A figure of an intensity kind in the units people use ("21 km", "1.200 m", "3 h 30 min", "6:00"). */
function useFigure() {
  const { i18n } = useTranslation();
  return (fit: Fit, value: number) => {
    if (fit.kind === 'DISTANCE') return formatDistance(value, i18n.language);
    if (fit.kind === 'ELEVATION') return formatMetres(value, i18n.language);
    return intensityValue({ kind: fit.kind, value });
  };
}

/** The card's tag: within, a stretch or above my level; nothing when unknown or undeclared. */
export function PartnerFitTag({ activity }: { activity: FitActivity }) {
  const { t } = useTranslation();
  const fit = usePartnerFit(activity);
  if (!fit || fit.level === 'UNKNOWN') return null;
  return (
    <span className={`activity-fit activity-fit-${fit.level.toLowerCase()}`} data-testid="activity-card-fit">
      {t(`activity.fit.${fit.level}`)}
    </span>
  );
}

/** The page's line: the level and the reason ("Above your level: 21 km, you go up to 12 km"). */
export function PartnerFitLine({ activity }: { activity: FitActivity }) {
  const { t } = useTranslation();
  const figure = useFigure();
  const fit = usePartnerFit(activity);
  if (!fit) return null;
  return (
    <p className={`activity-fit-line activity-fit-${fit.level.toLowerCase()}`} data-testid="activity-fit">
      {fit.level === 'UNKNOWN' || fit.routeValue === null ? (
        t(`activity.fit.unknown.${fit.kind}`)
      ) : (
        <>
          <strong>{t(`activity.fit.${fit.level}`)}</strong>
          {': '}
          {t(`activity.fit.reason.${fit.kind}`, {
            route: figure(fit, fit.routeValue),
            own: figure(fit, fit.ownValue),
          })}
        </>
      )}
      {fit.paceGroup && (
        <span className="activity-fit-source" data-testid="activity-fit-pace-group">
          {' '}
          {t('activity.fit.paceGroup', { name: fit.paceGroup })}
        </span>
      )}
    </p>
  );
}
