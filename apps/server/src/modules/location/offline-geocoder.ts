import type { Gazetteer } from './gazetteer.ts';
import type { Geocoder } from './geocoder.ts';

/**
 * Beyond this distance the nearest place says nothing useful about a point (the open sea, a
 * desert): get-address answers PLACE_NOT_FOUND rather than naming a town hundreds of km away.
 */
export const MAX_ADDRESS_DISTANCE_KM = 50;

const PREFIX = 'gn:';

/** The gazetteer behind the Geocoder interface; place ids are `gn:` and the GeoNames id. */
export function createOfflineGeocoder(gazetteer: () => Gazetteer): Geocoder {
  return {
    async autocomplete(query, { near, language, limit }) {
      const g = gazetteer();
      return g.search(query, { near, limit, language }).map(({ index }) => ({
        placeId: `${PREFIX}${g.id(index)}`,
        label: g.label(index, language),
        ...g.point(index),
      }));
    },
    async point(placeId, language) {
      const id = placeId.startsWith(PREFIX) ? placeId.slice(PREFIX.length) : '';
      if (!/^[1-9]\d{0,9}$/.test(id)) return null;
      const g = gazetteer();
      const index = g.indexOfId(Number(id));
      return index < 0 ? null : { ...g.point(index), label: g.label(index, language) };
    },
    async address(point, language) {
      const g = gazetteer();
      const nearest = g.nearest(point);
      if (!nearest || nearest.km > MAX_ADDRESS_DISTANCE_KM) return null;
      return {
        label: g.label(nearest.index, language),
        city: g.name(nearest.index, language),
        country: g.countryName(nearest.index, language),
      };
    },
  };
}
