import { useTranslation } from 'react-i18next';
import { chartGeometry } from './elevation.ts';
import { formatDistance, formatMetres } from './format.ts';

const WIDTH = 320;
const HEIGHT = 110;

/** The elevation profile: distance along the route against elevation, a small SVG. */
export function ElevationChart({ profile }: { profile: readonly (readonly [number, number])[] }) {
  const { t, i18n } = useTranslation();
  const geometry = chartGeometry(profile, WIDTH, HEIGHT);
  if (!geometry) {
    return (
      <p className="muted" data-testid="elevation-chart-empty">
        {t('activity.view.noElevation')}
      </p>
    );
  }
  const description = t('activity.view.profileDescription', {
    min: formatMetres(geometry.minElevation, i18n.language),
    max: formatMetres(geometry.maxElevation, i18n.language),
    distance: formatDistance(geometry.totalDistance, i18n.language),
  });
  return (
    <figure className="elevation-chart" data-testid="elevation-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={description}>
        <path d={geometry.area} className="elevation-area" />
        <path d={geometry.line} className="elevation-line" vectorEffect="non-scaling-stroke" />
      </svg>
      <figcaption>
        <span>
          {formatMetres(geometry.minElevation, i18n.language)} – {formatMetres(geometry.maxElevation, i18n.language)}
        </span>
        <span>{formatDistance(geometry.totalDistance, i18n.language)}</span>
      </figcaption>
    </figure>
  );
}
