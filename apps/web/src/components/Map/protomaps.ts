import { layers, namedFlavor } from '@protomaps/basemaps';
import { addProtocol, type StyleSpecification } from 'maplibre-gl';
import { Protocol } from 'pmtiles';

/** The credit Protomaps asks for, and OpenStreetMap's licence (ODbL) requires (docs/maps.md). */
export const PROTOMAPS_ATTRIBUTION =
  '<a href="https://protomaps.com" target="_blank" rel="noopener">Protomaps</a> © <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">OpenStreetMap</a>';

let registered = false;

/**
 * The Protomaps style over the server's own .pmtiles file, read through HTTP range requests by the `pmtiles`
 * protocol. Loaded only with the self-hosted basemap, inside the lazy map chunk. Without the fonts and sprites
 * (MAP_ASSETS_URL) the map has no labels: it then loads nothing from a third party.
 */
export function protomapsStyle(url: string, assetsUrl: string, language: string): StyleSpecification {
  if (!registered) {
    addProtocol('pmtiles', new Protocol().tile);
    registered = true;
  }
  const lang = language.split('-')[0] ?? 'en';
  return {
    version: 8,
    ...(assetsUrl
      ? { glyphs: `${assetsUrl}/fonts/{fontstack}/{range}.pbf`, sprite: `${assetsUrl}/sprites/v4/light` }
      : {}),
    sources: {
      protomaps: { type: 'vector', url: `pmtiles://${url}`, attribution: PROTOMAPS_ATTRIBUTION },
    },
    layers: layers('protomaps', namedFlavor('light'), assetsUrl ? { lang } : {}) as StyleSpecification['layers'],
  };
}
