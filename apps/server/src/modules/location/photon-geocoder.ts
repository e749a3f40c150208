import type { Language, LatLng } from '@cordata/contract';
import { z } from 'zod';
import { ApiError } from '../../http/errors.ts';
import { askOutsideJson } from '../shared/outside-http.ts';
import type { Address, Geocoder, PlaceSuggestion } from './geocoder.ts';

const REQUEST_TIMEOUT_MS = 5000;
/** Typing sends about 4 searches a second at most; a client looping faster must not flood Photon. */
const CALLS_PER_USER_PER_MINUTE = 120;
const PREFIX = 'photon:';
/** A page of suggestions is a few KB; an answer far larger is not one. */
const MAX_ANSWER_BYTES = 1024 * 1024;

const PhotonFeature = z.object({
  geometry: z.object({ coordinates: z.array(z.number()).min(2) }),
  properties: z
    .object({
      osm_type: z.string().optional(),
      osm_id: z.number().optional(),
      name: z.string().optional(),
      street: z.string().optional(),
      housenumber: z.string().optional(),
      city: z.string().optional(),
      town: z.string().optional(),
      village: z.string().optional(),
      district: z.string().optional(),
      county: z.string().optional(),
      state: z.string().optional(),
      country: z.string().optional(),
    })
    .loose(),
});
type PhotonFeature = z.infer<typeof PhotonFeature>;
const PhotonResponse = z.object({ features: z.array(z.unknown()) });

/** What a Photon place id carries, so get-point needs no state and no second request. */
const EncodedPlace = z.object({
  o: z.string().max(30),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  label: z.string().max(300),
});

export function encodePhotonPlaceId(place: z.infer<typeof EncodedPlace>): string {
  return PREFIX + Buffer.from(JSON.stringify(place)).toString('base64url');
}

function decodePhotonPlaceId(placeId: string) {
  if (!placeId.startsWith(PREFIX)) return null;
  try {
    const json = Buffer.from(placeId.slice(PREFIX.length), 'base64url').toString('utf8');
    const parsed = EncodedPlace.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function cityOf(p: PhotonFeature['properties']): string | undefined {
  return p.city ?? p.town ?? p.village ?? p.district ?? p.county;
}

/** "Via Dante 12, Milano, Lombardia, Italia" or "Forlì, Emilia-Romagna, Italia". */
export function photonLabel(p: PhotonFeature['properties']): string {
  const street = [p.street, p.housenumber].filter(Boolean).join(' ');
  const parts = [p.name ?? street, cityOf(p), p.state, p.country].filter((x): x is string => !!x);
  return parts.filter((x, i) => parts.indexOf(x) === i).join(', ');
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * A Photon server (https://github.com/komoot/photon) behind the Geocoder interface. An
 * unreachable or failing server is a 503, never a 500 and never an empty answer that looks real.
 */
export function createPhotonGeocoder(deps: { baseUrl: string; fetch?: typeof fetch }): Geocoder {
  const doFetch = deps.fetch ?? fetch;
  const base = deps.baseUrl.replace(/\/+$/, '');

  async function get(path: string, params: Record<string, string | number | undefined>): Promise<PhotonFeature[]> {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, String(v));
    let body: unknown;
    try {
      body = await askOutsideJson(
        `${base}${path}?${search}`,
        { headers: { accept: 'application/json' } },
        { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), maxBytes: MAX_ANSWER_BYTES, fetch: doFetch },
      );
    } catch {
      // The cause is not echoed (review L6): the caller learns only that the search is down.
      throw new ApiError('SERVICE_UNAVAILABLE', { message: 'The place search is temporarily unavailable' });
    }
    const parsed = PhotonResponse.safeParse(body);
    if (!parsed.success) throw new ApiError('SERVICE_UNAVAILABLE', { message: 'The place search answered badly' });
    return parsed.data.features.flatMap((f) => {
      const feature = PhotonFeature.safeParse(f);
      return feature.success ? [feature.data] : [];
    });
  }

  const toSuggestion = (f: PhotonFeature): PlaceSuggestion => {
    const [lon = 0, lat = 0] = f.geometry.coordinates;
    const label = photonLabel(f.properties).slice(0, 300);
    const o = `${f.properties.osm_type ?? ''}${f.properties.osm_id ?? ''}`;
    return {
      placeId: encodePhotonPlaceId({ o, lat, lon, label }),
      label,
      latitude: round6(lat),
      longitude: round6(lon),
    };
  };

  return {
    callsPerMinute: CALLS_PER_USER_PER_MINUTE,
    async autocomplete(query, { near, language, limit }) {
      const features = await get('/api', {
        q: query,
        limit,
        lang: language,
        lat: near?.latitude,
        lon: near?.longitude,
      });
      return features.filter((f) => photonLabel(f.properties)).map(toSuggestion);
    },
    async point(placeId) {
      const place = decodePhotonPlaceId(placeId);
      return place && { latitude: round6(place.lat), longitude: round6(place.lon), label: place.label };
    },
    async address(point: LatLng, language: Language): Promise<Address | null> {
      const [feature] = await get('/reverse', { lat: point.latitude, lon: point.longitude, lang: language, limit: 1 });
      if (!feature) return null;
      const p = feature.properties;
      const label = photonLabel(p);
      return label ? { label, city: cityOf(p) ?? p.name ?? '', country: p.country ?? '' } : null;
    },
  };
}
