import type { Language, LatLng, PlaceResult } from '@cordata/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** Place searches change only when the gazetteer does: a minute is plenty, and typing back hits the cache. */
export const PLACE_SEARCH_STALE_MS = 60_000;
/** Shorter queries match half the world. */
export const PLACE_SEARCH_MIN_LENGTH = 2;

/** Bias points are rounded to ~1 km so that moving a little does not bypass the cache. */
const roundNear = (near?: LatLng) =>
  near && { latitude: Math.round(near.latitude * 100) / 100, longitude: Math.round(near.longitude * 100) / 100 };

export const locationKeys = {
  autocomplete: (query: string, language: Language, near?: LatLng) =>
    ['location', 'autocomplete', language, query.trim().toLowerCase(), roundNear(near) ?? null] as const,
};

export function usePlaceSearchQuery(query: string, language: Language, near?: LatLng) {
  const trimmed = query.trim();
  return useQuery({
    queryKey: locationKeys.autocomplete(trimmed, language, near),
    queryFn: async (): Promise<PlaceResult[]> =>
      (await api('location/autocomplete', { query: trimmed, near: roundNear(near), language })).results,
    enabled: trimmed.length >= PLACE_SEARCH_MIN_LENGTH,
    staleTime: PLACE_SEARCH_STALE_MS,
    placeholderData: keepPreviousData,
    // The next keystroke asks again: retrying an old query only delays the new one.
    retry: 1,
  });
}

/** The nearest known place to a point, e.g. to name the device's position. */
export function useAddressMutation() {
  return useMutation({
    mutationFn: async (input: LatLng & { language: Language }) => (await api('location/get-address', input)).address,
  });
}
