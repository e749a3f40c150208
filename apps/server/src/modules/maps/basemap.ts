import { BASEMAP_PMTILES_PATH, OFFLINE_MAP_STYLE, OPENFREEMAP_STYLE_URL } from '@cordata/contract';
import type { Config } from '../../config.ts';

/**
 * Which basemap the app shows, in order: MAP_STYLE_URL (a style, or `offline`), else the operator's own
 * .pmtiles file (served by this server, MAP_PMTILES_PATH, or from object storage, MAP_PMTILES_URL), else OpenFreeMap. The app falls back to its plain offline style when a style cannot load.
 */
export type Basemap =
  | { kind: 'offline' }
  | { kind: 'style'; styleUrl: string }
  /** `url`: this server's own path of the file, or its address on object storage. */
  | { kind: 'pmtiles'; url: string; assetsUrl: string | null }
  | { kind: 'openfreemap'; styleUrl: string };

export function chooseBasemap(
  config: Pick<Config, 'MAP_STYLE_URL' | 'MAP_PMTILES_PATH' | 'MAP_PMTILES_URL' | 'MAP_ASSETS_URL'>,
): Basemap {
  if (config.MAP_STYLE_URL === OFFLINE_MAP_STYLE) return { kind: 'offline' };
  if (config.MAP_STYLE_URL) return { kind: 'style', styleUrl: config.MAP_STYLE_URL };
  if (config.MAP_PMTILES_PATH || config.MAP_PMTILES_URL) {
    return {
      kind: 'pmtiles',
      url: config.MAP_PMTILES_URL ?? BASEMAP_PMTILES_PATH,
      assetsUrl: config.MAP_ASSETS_URL ?? null,
    };
  }
  return { kind: 'openfreemap', styleUrl: OPENFREEMAP_STYLE_URL };
}

/** The outside URLs the app's map loads from, for the content security policy (their origins). */
export function basemapUrls(basemap: Basemap): string[] {
  switch (basemap.kind) {
    case 'style':
    case 'openfreemap':
      return [basemap.styleUrl];
    case 'pmtiles':
      return [basemap.url, basemap.assetsUrl].filter((url): url is string => url !== null && /^https?:/.test(url));
    case 'offline':
      return [];
  }
}

/** What the app reads from index.html about the map: `mapStyleUrl` is `offline`, a style URL, or empty. */
export function basemapRuntimeConfig(basemap: Basemap) {
  return {
    mapStyleUrl: basemap.kind === 'offline' ? OFFLINE_MAP_STYLE : basemap.kind === 'pmtiles' ? null : basemap.styleUrl,
    mapPmtiles: basemap.kind === 'pmtiles' ? basemap.url : null,
    mapAssetsUrl: basemap.kind === 'pmtiles' ? basemap.assetsUrl : null,
  };
}
