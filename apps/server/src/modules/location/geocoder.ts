import type { Language, LatLng } from '@cordata/contract';

export interface PlaceSuggestion {
  placeId: string;
  label: string;
  latitude: number;
  longitude: number;
}

export interface PlacePoint {
  latitude: number;
  longitude: number;
  label: string;
}

export interface Address {
  label: string;
  city: string;
  country: string;
}

/**
 * What the location calls need from a geocoder: the offline gazetteer by default, Photon with
 * GEOCODER_URL. Each one reads back only the place ids it made; `null` means no such place.
 */
export interface Geocoder {
  /** Calls a user may make a minute, for a geocoder that is a shared outside service; unset: no limit. */
  readonly callsPerMinute?: number;
  autocomplete(
    query: string,
    options: { near?: LatLng; language: Language; limit: number },
  ): Promise<PlaceSuggestion[]>;
  point(placeId: string, language: Language): Promise<PlacePoint | null>;
  address(point: LatLng, language: Language): Promise<Address | null>;
}
