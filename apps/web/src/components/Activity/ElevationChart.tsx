import { type KeyboardEvent, type PointerEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NO_SWIPE_ATTRIBUTE } from '../../sheets/swipe.ts';
import { chartGeometry, distanceAfterKey, distanceAtFraction, type ProfileSpot, profileAt } from './elevation.ts';
import { formatDistance, formatMetres } from './format.ts';

const WIDTH = 320;
const HEIGHT = 110;

type Profile = readonly (readonly [number, number])[];

/**
 * The elevation profile: distance along the route against elevation, a small SVG. With `onScrub` it is a slider:
 * a finger or the mouse moving over it, or the arrow keys, pick a place on the route; the chart shows the distance
 * and the altitude there and tells the parent (which shows the place on the map). Screen readers hear the same
 * figures as the slider's value.
 */
export function ElevationChart({
  profile,
  onScrub,
}: {
  profile: Profile;
  /** The place picked on the profile; null when the person lets go (pointer up, Escape, focus leaves). */
  onScrub?: (spot: ProfileSpot | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const [spot, setSpot] = useState<ProfileSpot | null>(null);
  const readoutId = useId();
  const geometry = chartGeometry(profile, WIDTH, HEIGHT);
  if (!geometry) {
    return (
      <p className="muted" data-testid="elevation-chart-empty">
        {t('activity.view.noElevation')}
      </p>
    );
  }
  const language = i18n.language;
  const description = t('activity.view.profileDescription', {
    min: formatMetres(geometry.minElevation, language),
    max: formatMetres(geometry.maxElevation, language),
    distance: formatDistance(geometry.totalDistance, language),
  });
  const spotText = (s: ProfileSpot) =>
    t('activity.view.profileSpot', {
      distance: formatDistance(s.distance - (profile[0]?.[0] ?? 0), language),
      elevation: formatMetres(s.elevation, language),
    });

  const pick = (next: ProfileSpot | null) => {
    setSpot(next);
    onScrub?.(next);
  };
  const pickAt = (distance: number) => pick(profileAt(profile, distance));
  const fromPointer = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width > 0) pickAt(distanceAtFraction(profile, (e.clientX - box.left) / box.width));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && spot) {
      e.preventDefault();
      e.stopPropagation();
      pick(null);
      return;
    }
    const next = distanceAfterKey(profile, spot?.distance ?? null, e.key);
    if (next === null) return;
    e.preventDefault();
    pickAt(next);
  };

  const chart = (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <path d={geometry.area} className="elevation-area" />
      <path d={geometry.line} className="elevation-line" vectorEffect="non-scaling-stroke" />
    </svg>
  );

  if (!onScrub) {
    return (
      <figure className="elevation-chart" data-testid="elevation-chart">
        <div role="img" aria-label={description}>
          {chart}
        </div>
        <figcaption>
          <span>
            {formatMetres(geometry.minElevation, language)} – {formatMetres(geometry.maxElevation, language)}
          </span>
          <span>{formatDistance(geometry.totalDistance, language)}</span>
        </figcaption>
      </figure>
    );
  }

  const first = profile[0]![0];
  return (
    <figure className="elevation-chart elevation-chart-scrub" data-testid="elevation-chart">
      <p className="elevation-readout" id={readoutId} data-testid="elevation-readout">
        {spot ? spotText(spot) : t('activity.view.profileHint')}
      </p>
      <div
        className="elevation-scrub"
        role="slider"
        tabIndex={0}
        aria-label={`${t('activity.view.elevationProfile')}. ${description}`}
        aria-describedby={readoutId}
        aria-valuemin={0}
        aria-valuemax={Math.round(geometry.totalDistance)}
        aria-valuenow={Math.round((spot?.distance ?? first) - first)}
        aria-valuetext={spotText(spot ?? profileAt(profile, first)!)}
        data-testid="elevation-scrub"
        {...{ [NO_SWIPE_ATTRIBUTE]: '' }}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture?.(e.pointerId);
          fromPointer(e);
        }}
        onPointerMove={(e) => {
          // A mouse shows the place while hovering; a finger only while it touches.
          if (e.pointerType === 'mouse' || e.buttons > 0) fromPointer(e);
        }}
        onPointerLeave={(e) => {
          if (e.pointerType === 'mouse') pick(null);
        }}
        onPointerCancel={() => pick(null)}
        onKeyDown={onKeyDown}
        onBlur={() => pick(null)}
      >
        {chart}
        {spot && (
          <>
            <span className="elevation-cursor-line" style={{ left: `${(geometry.x(spot.distance) / WIDTH) * 100}%` }} />
            <span
              className="elevation-cursor"
              data-testid="elevation-cursor"
              style={{
                left: `${(geometry.x(spot.distance) / WIDTH) * 100}%`,
                top: `${(geometry.y(spot.elevation) / HEIGHT) * 100}%`,
              }}
            />
          </>
        )}
      </div>
      <figcaption>
        <span>
          {formatMetres(geometry.minElevation, language)} – {formatMetres(geometry.maxElevation, language)}
        </span>
        <span>{formatDistance(geometry.totalDistance, language)}</span>
      </figcaption>
    </figure>
  );
}
