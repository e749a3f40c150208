import type { Language, LatLng } from '@cordata/contract';
import { LANGUAGES } from '@cordata/contract/enums';
import { type Gazetteer, sharedGazetteer } from './gazetteer.ts';

/** A stored label names the gazetteer place nearest its point only when that place is this close. */
export const LOCALIZED_PLACE_MAX_KM = 2;

type StoredPlace = LatLng & { address?: string };

/**
 * A stored place as `language`'s reader should see it (ux.md, issue 19). Places are stored with the
 * label their creator picked from the place search, in the creator's language; when the address is
 * exactly the gazetteer label (in any language the app speaks) of the place nearest the point, the
 * reader gets that place's label in their own language. Any other address (typed by hand, a street,
 * a label of another geocoder) is answered as stored.
 */
export function localizedPlace<P extends StoredPlace>(
  place: P,
  language: Language,
  gazetteer: () => Gazetteer = sharedGazetteer,
): P {
  const address = place.address;
  if (!address) return place;
  const g = gazetteer();
  const nearest = g.nearest(place);
  if (!nearest || nearest.km > LOCALIZED_PLACE_MAX_KM) return place;
  const own = g.label(nearest.index, language);
  if (own === address) return place;
  return LANGUAGES.some((other) => other !== language && g.label(nearest.index, other) === address)
    ? { ...place, address: own }
    : place;
}
