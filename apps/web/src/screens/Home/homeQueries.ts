import type { LatLng } from '@cordata/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { DEFAULT_MAP_CENTER } from '../../contract.ts';
import type { DeviceLocation } from '../../location/geolocation.ts';
import { dateRange, type HomeFilters } from '../../state/homeFilters.ts';
import { activityKeys, type NearbyInput } from '../../state/queries/activityKeys.ts';
import { useUiStore } from '../../state/ui.ts';

const DEFAULT_RADIUS_KM = 50;
const POSITION_FRESH_MS = 2 * 60 * 1000;

/** The device's position, asked once when no place is chosen in the filters. */
export const devicePositionQuery = (location: DeviceLocation) => ({
  queryKey: ['device', 'position'] as const,
  queryFn: () => location.current(),
  staleTime: POSITION_FRESH_MS,
  retry: false,
});

const nearbyActivitiesQuery = (input: NearbyInput) => ({
  queryKey: activityKeys.nearby(input),
  queryFn: () => api('activity/nearby-activities', input),
});

export function useNearbyActivitiesQuery(input: NearbyInput | null) {
  return useQuery({
    ...nearbyActivitiesQuery(input ?? { latitude: 0, longitude: 0 }),
    enabled: input !== null,
    select: (d) => d.activities,
  });
}

/** What the home asks for: upcoming activities around `centre` that pass the filters, soonest first. */
export function homeNearbyInput(filters: HomeFilters, centre: LatLng): NearbyInput {
  return {
    latitude: centre.latitude,
    longitude: centre.longitude,
    radiusKm: filters.near?.radiusKm ?? DEFAULT_RADIUS_KM,
    sportIds: filters.sportIds.length > 0 ? filters.sportIds : undefined,
    // Day bounds, so the query key holds still until midnight.
    ...dateRange(filters.date, new Date()),
    difficulties: filters.difficulties.length > 0 ? filters.difficulties : undefined,
    maxDistanceMetres: filters.maxRouteKm === null ? undefined : filters.maxRouteKm * 1000,
    fitsMe: filters.fitsMe || undefined,
    maxGrade: filters.maxGrade ?? undefined,
    stepFree: filters.stepFree || undefined,
    order: 'STARTS_AT',
  };
}

/**
 * The home's first answer, asked at start-up by someone signed in who opens on the home, while its screen downloads
 * rather than once it has rendered (on a slow network, a round trip or two: bench/slow-network.ts). The screen then
 * finds the position and the list in the cache, under the same keys.
 */
export async function prefetchHome(client: QueryClient, location: DeviceLocation) {
  const filters = useUiStore.getState().homeFilters;
  let centre: LatLng | null = filters.near;
  if (!centre) {
    const device = await client.fetchQuery(devicePositionQuery(location));
    centre = device.ok ? device.position : DEFAULT_MAP_CENTER;
  }
  await client.prefetchQuery(nearbyActivitiesQuery(homeNearbyInput(filters, centre)));
}
