import type { LatLng } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { getPlatform } from '../../native/index.ts';
import type { Platform } from '../../native/platform.ts';

/** From this long before the start the way to the meeting point leads the page (issue 44). */
export const DIRECTIONS_LEAD_MS = 2 * 3_600_000;

/**
 * Where the device's own maps app takes over: Apple Maps on an iPhone, the person's chosen app on Android (a geo:
 * address), OpenStreetMap's route planner in a browser. Only the meeting point leaves Cordata, and only on a tap.
 */
export function directionsUrl(point: LatLng, os: Platform['os']): string {
  const at = `${point.latitude},${point.longitude}`;
  if (os === 'ios') return `maps://?daddr=${at}`;
  if (os === 'android') return `geo:${at}?q=${at}`;
  return `https://www.openstreetmap.org/directions?route=${encodeURIComponent(`;${at}`)}`;
}

/** On the day, from two hours before the start to the end. */
export const meetsSoon = (times: { startsAt: string; endsAt: string }, now = new Date()) =>
  new Date(times.startsAt).getTime() - DIRECTIONS_LEAD_MS <= now.getTime() && now < new Date(times.endsAt);

/** "Directions" to the meeting point, handed to the maps app; a button once the meeting is near. */
export function Directions({ point, prominent }: { point: LatLng; prominent: boolean }) {
  const { t } = useTranslation();
  const platform = getPlatform();
  return (
    <a
      className={prominent ? 'btn btn-outline btn-block' : undefined}
      href={directionsUrl(point, platform.os)}
      {...(platform.isNative ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
      data-testid="activity-directions"
    >
      {t('activity.view.directions')}
    </a>
  );
}
