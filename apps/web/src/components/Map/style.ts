import type { StyleSpecification } from 'maplibre-gl';
import { type AppConfig, config } from '../../config.ts';
import { OFFLINE_MAP_STYLE, OPENFREEMAP_STYLE_URL } from '../../contract.ts';

/**
 * A plain background: maps work with no tile server at all (tests, offline demos), and every other basemap
 * falls back to it when it cannot load.
 */
export const plainStyle: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#e8efe4' } }],
};

/** Which basemap a map draws (docs/maps.md, "Basemap"). */
export type Basemap =
  | { kind: 'offline' }
  | { kind: 'openfreemap'; url: string }
  | { kind: 'style'; url: string }
  | { kind: 'pmtiles'; url: string; assetsUrl: string }
  /** Offline, an outing pack's basemap kept on the device (issue 38): `key` names its archive. */
  | { kind: 'pack'; key: string; tiles: Blob };

/**
 * MAP_STYLE_URL first (`offline` or a style), then the server's own .pmtiles, then OpenFreeMap. A device
 * without a connection gets the plain style at once rather than waiting for requests that cannot succeed.
 */
export function chooseBasemap(
  settings: Pick<AppConfig, 'mapStyleUrl' | 'mapPmtiles' | 'mapAssetsUrl' | 'publicUrl'>,
  context: { online: boolean; origin: string },
): Basemap {
  if (settings.mapStyleUrl === OFFLINE_MAP_STYLE || !context.online) return { kind: 'offline' };
  if (settings.mapStyleUrl === OPENFREEMAP_STYLE_URL) return { kind: 'openfreemap', url: OPENFREEMAP_STYLE_URL };
  if (settings.mapStyleUrl) return { kind: 'style', url: settings.mapStyleUrl };
  if (settings.mapPmtiles) {
    return {
      kind: 'pmtiles',
      url: new URL(settings.mapPmtiles, settings.publicUrl || context.origin).href,
      assetsUrl: settings.mapAssetsUrl.replace(/\/+$/, ''),
    };
  }
  return { kind: 'openfreemap', url: OPENFREEMAP_STYLE_URL };
}

export const currentBasemap = (): Basemap =>
  chooseBasemap(config, {
    online: globalThis.navigator?.onLine ?? true,
    origin: globalThis.location?.origin ?? 'http://localhost',
  });

/**
 * Watches a basemap that loads from the network and says once when it has failed: the style did not load
 * (an error before it did, or nothing within `timeoutMs`), a source of it cannot load, or its tiles fail
 * while none has loaded (no connection, a server that refuses). The map then switches to the plain style.
 */
export function basemapWatch(options: {
  onFail: (reason: 'style' | 'timeout' | 'source' | 'tiles') => void;
  timeoutMs?: number;
  maxTileErrors?: number;
  schedule?: (run: () => void, ms: number) => () => void;
}) {
  const { onFail, timeoutMs = 10_000, maxTileErrors = 3 } = options;
  const schedule =
    options.schedule ??
    ((run, ms) => {
      const id = setTimeout(run, ms);
      return () => clearTimeout(id);
    });
  let styleLoaded = false;
  let tileLoaded = false;
  let tileErrors = 0;
  let done = false;
  let cancel = () => {};
  let cancelTileDeadline = () => {};
  const fail = (reason: 'style' | 'timeout' | 'source' | 'tiles') => {
    if (done) return;
    done = true;
    cancel();
    cancelTileDeadline();
    onFail(reason);
  };
  cancel = schedule(() => {
    if (!styleLoaded) fail('timeout');
  }, timeoutMs);
  return {
    styleLoaded() {
      styleLoaded = true;
    },
    tileLoaded() {
      tileLoaded = true;
      cancelTileDeadline();
    },
    /** The map has settled (every tile in view loaded or failed): a view whose every tile failed is a failure. */
    idle() {
      if (styleLoaded && tileErrors > 0 && !tileLoaded) fail('tiles');
    },
    /**
     * A map error: `sourceId` is set when a source failed, `tile` when it was one of its tiles (otherwise its
     * TileJSON or archive header, without which it shows nothing at all). A tile failed and none loaded within
     * `timeoutMs` is a failure too: the map may never settle while another tile hangs.
     */
    error(sourceId: string | undefined, tile = false) {
      if (done) return;
      if (sourceId === undefined) {
        if (!styleLoaded) fail('style');
        return;
      }
      if (!tile) return fail('source');
      if (tileLoaded) return;
      if (++tileErrors === 1) {
        cancelTileDeadline = schedule(() => {
          if (!tileLoaded) fail('tiles');
        }, timeoutMs);
      }
      if (tileErrors >= maxTileErrors) fail('tiles');
    },
    dispose() {
      done = true;
      cancel();
      cancelTileDeadline();
    },
  };
}
