import type { Config } from '../../config.ts';
import { sharedGazetteer } from './gazetteer.ts';
import type { Geocoder } from './geocoder.ts';
import { createOfflineGeocoder } from './offline-geocoder.ts';
import { createPhotonGeocoder } from './photon-geocoder.ts';

/** Photon when GEOCODER_URL is set, else the offline gazetteer (loaded on the first call). */
export function createLocationGeocoder(config: Pick<Config, 'GEOCODER_URL'>): Geocoder {
  return config.GEOCODER_URL
    ? createPhotonGeocoder({ baseUrl: config.GEOCODER_URL })
    : createOfflineGeocoder(sharedGazetteer);
}
