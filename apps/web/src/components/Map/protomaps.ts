import { layers, namedFlavor } from '@protomaps/basemaps';
import { addProtocol, type StyleSpecification } from 'maplibre-gl';
import { PMTiles, Protocol, type RangeResponse, type Source } from 'pmtiles';

/** The credit Protomaps asks for, and OpenStreetMap's licence (ODbL) requires (docs/maps.md). */
export const PROTOMAPS_ATTRIBUTION =
  '<a href="https://protomaps.com" target="_blank" rel="noopener">Protomaps</a> © <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">OpenStreetMap</a>';

let protocol: Protocol | undefined;
/** The one `pmtiles` protocol of the page: MapLibre takes a protocol once. */
function pmtilesProtocol(): Protocol {
  if (!protocol) {
    protocol = new Protocol();
    addProtocol('pmtiles', protocol.tile);
  }
  return protocol;
}

/** A PMTiles archive kept on the device (an outing pack's basemap, issue 38): its bytes read from the stored blob. */
export class BlobSource implements Source {
  constructor(
    private readonly blob: Blob,
    private readonly key: string,
  ) {}
  getKey() {
    return this.key;
  }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    return { data: await this.blob.slice(offset, offset + length).arrayBuffer() };
  }
}

/**
 * The Protomaps style over an outing pack's basemap, with no network at all: the archive reads from the blob, and
 * without the fonts (which the pack does not hold) the map has no labels.
 */
export function packStyle(blob: Blob, key: string): StyleSpecification {
  const p = pmtilesProtocol();
  if (!p.get(key)) p.add(new PMTiles(new BlobSource(blob, key)));
  return {
    version: 8,
    sources: { protomaps: { type: 'vector', url: `pmtiles://${key}`, attribution: PROTOMAPS_ATTRIBUTION } },
    layers: layers('protomaps', namedFlavor('light'), {}) as StyleSpecification['layers'],
  };
}

/**
 * The Protomaps style over the server's own .pmtiles file, read through HTTP range requests by the `pmtiles`
 * protocol. Loaded only with the self-hosted basemap, inside the lazy map chunk. Without the fonts and sprites
 * (MAP_ASSETS_URL) the map has no labels: it then loads nothing from a third party.
 */
export function protomapsStyle(url: string, assetsUrl: string, language: string): StyleSpecification {
  pmtilesProtocol();
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
