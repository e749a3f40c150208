import type { Activity } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { OsmAttribution } from './OsmAttribution.tsx';

type Badge = { key: string; text: string; good: boolean };

/**
 * What to expect on the way (issue 38): the step-free, wheelchair and stroller badges and the terrain facts
 * OpenStreetMap gave when the route was saved, with its credit. A fact it does not know is not shown as a badge
 * (never a guess); unknown step-free access says how much of the route was mapped. Nothing without the facts.
 */
export function RouteAccessPanel({ activity }: { activity: Pick<Activity, 'routeAccess'> }) {
  const { t } = useTranslation();
  const facts = activity.routeAccess;
  if (!facts) return null;
  const percent = (share: number) => Math.round(share * 100);
  const badges: Badge[] = [];
  if (facts.stepFree !== null)
    badges.push({
      key: 'step-free',
      text: t(`activity.onTheWay.${facts.stepFree ? 'stepFree' : 'notStepFree'}`),
      good: facts.stepFree,
    });
  if (facts.wheelchair)
    badges.push({
      key: 'wheelchair',
      text: t(`activity.onTheWay.wheelchair.${facts.wheelchair}`),
      good: facts.wheelchair === 'YES',
    });
  if (facts.stroller !== null)
    badges.push({
      key: 'stroller',
      text: t(`activity.onTheWay.${facts.stroller ? 'stroller' : 'notStroller'}`),
      good: facts.stroller,
    });
  const terrain = [
    ...(facts.stepsCount > 0
      ? [{ key: 'steps', text: t('activity.onTheWay.steps', { count: facts.stepsCount }) }]
      : []),
    ...(facts.maxInclinePercent !== null
      ? [{ key: 'incline', text: t('activity.onTheWay.incline', { percent: facts.maxInclinePercent }) }]
      : []),
  ];
  return (
    <section className="activity-access" data-testid="activity-access" aria-labelledby="activity-access-title">
      <h3 id="activity-access-title">{t('activity.onTheWay.title')}</h3>
      {badges.length > 0 && (
        <ul className="activity-access-badges" aria-label={t('activity.onTheWay.title')}>
          {badges.map((b) => (
            <li
              key={b.key}
              className={`activity-access-badge${b.good ? ' is-good' : ''}`}
              data-testid={`activity-access-${b.key}`}
            >
              {b.text}
            </li>
          ))}
        </ul>
      )}
      {facts.stepFree === null && (
        <p className="muted" data-testid="activity-access-unknown">
          {t('activity.onTheWay.unknown', { percent: percent(facts.coverage) })}
        </p>
      )}
      {facts.surfaces.length > 0 && (
        <p data-testid="activity-access-surfaces">
          <span className="muted">{t('activity.onTheWay.surfacesTitle')}:</span>{' '}
          {facts.surfaces
            .map((s) =>
              t('activity.onTheWay.surfaceShare', {
                surface: t(`activity.onTheWay.surface.${s.kind}`),
                percent: percent(s.share),
              }),
            )
            .join(' · ')}
        </p>
      )}
      {terrain.length > 0 && (
        <ul className="activity-access-terrain">
          {terrain.map((f) => (
            <li key={f.key} data-testid={`activity-access-${f.key}`}>
              {f.text}
            </li>
          ))}
        </ul>
      )}
      <OsmAttribution />
    </section>
  );
}
