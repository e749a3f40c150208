import type { LatLng } from '@cordata/contract';
import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { apiCancellable } from '../../../api/client.ts';
import { createLegSnapper, type LegSnapper, type SnapCall, type SnapState } from './route-snapping.ts';

const snapThroughServer: SnapCall = (sportId, points, signal) =>
  apiCancellable('route/snap-legs', { sportId, points }, signal);

/** The drawn route's legs snapped as they are drawn; the snapper lives as long as the step. */
export function useRouteSnapping(
  sportId: string,
  points: readonly LatLng[],
  snap: SnapCall = snapThroughServer,
): [SnapState, LegSnapper] {
  const [snapper] = useState(() => createLegSnapper({ snap }));
  // Before paint, so the first frame of new points already shows the legs known for them.
  useLayoutEffect(() => {
    snapper.set(sportId, points);
  }, [snapper, sportId, points]);
  // Only when the step goes: a request for legs still drawn runs on while points are added.
  useLayoutEffect(() => () => snapper.cancel(), [snapper]);
  const state = useSyncExternalStore(snapper.subscribe, snapper.getState, snapper.getState);
  return [state, snapper];
}
