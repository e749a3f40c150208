import {
  AttributionControl,
  type GeoJSONSource,
  LngLatBounds,
  Map as MapLibre,
  Marker,
  NavigationControl,
  type StyleSpecification,
  setWorkerUrl,
} from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { LatLng } from '@cordata/contract';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { packBasemapAt } from '../../offline/basemap.ts';
import { markerClusters, type Shown } from './clusters.ts';
import { linePieces } from './pieces.ts';
import { type Basemap, basemapWatch, currentBasemap, plainStyle } from './style.ts';
import type { MapMarker, RouteMapProps } from './types.ts';

setWorkerUrl(workerUrl);

const ROUTE_SOURCE = 'route';
const AREA_SOURCE = 'meeting-area';
const EXTRA_SOURCE = 'extra-lines';
/** The app's own layers: their data says nothing of whether the basemap loads (a loaded one would hide its failure). */
const isOverlay = (sourceId: string | undefined) =>
  sourceId === ROUTE_SOURCE || sourceId === AREA_SOURCE || sourceId === EXTRA_SOURCE;

/** A circle as a ring of 48 [longitude, latitude] points (flat earth: fine at 500 m). */
function circleRing(area: LatLng & { radiusMetres: number }): [number, number][] {
  const dLat = area.radiusMetres / 111_320;
  const dLng = dLat / Math.cos((area.latitude * Math.PI) / 180);
  return Array.from({ length: 49 }, (_, i) => {
    const a = (i / 48) * 2 * Math.PI;
    return [area.longitude + dLng * Math.sin(a), area.latitude + dLat * Math.cos(a)];
  });
}
/**
 * Room around a fitted route and its markers, so none hides under the zoom buttons (right) or the credits. The
 * home map, with its credits at the top and the floating button over its bottom, keeps more room there.
 */
const FIT_PADDING = {
  'bottom-right': { top: 40, bottom: 48, left: 40, right: 64 },
  'top-left': { top: 80, bottom: 72, left: 40, right: 64 },
} as const;

/** The style of a basemap; the Protomaps one (and its `pmtiles` package) loads only when it is used. */
async function styleOf(basemap: Basemap, language: string): Promise<string | StyleSpecification> {
  switch (basemap.kind) {
    case 'offline':
      return plainStyle;
    case 'openfreemap':
    case 'style':
      return basemap.url;
    case 'pmtiles': {
      const { protomapsStyle } = await import('./protomaps.ts');
      return protomapsStyle(basemap.url, basemap.assetsUrl, language);
    }
    case 'pack': {
      const { packStyle } = await import('./protomaps.ts');
      return packStyle(basemap.tiles, basemap.key);
    }
  }
}

/** The MapLibre map: a basemap, a route line and DOM markers (so tests and screen readers find them). */
export default function MapCanvas({
  label,
  line,
  breaks,
  markers,
  extraLines,
  center,
  zoom = 11,
  onTap,
  cluster,
  attributionPosition = 'bottom-right',
  cursor,
  areas,
}: RouteMapProps) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibre | null>(null);
  const [failed, setFailed] = useState(false);
  const [basemap, setBasemap] = useState<Basemap['kind']>();
  /** Bumped whenever a style (re)loads: the route layers are then added again. */
  const [styleVersion, setStyleVersion] = useState(0);
  /**
   * False from the moment the plain style replaces a failed basemap until it has loaded: layers can be added only
   * to a loaded style, and the map may report itself loaded in the very frame the basemap fails.
   */
  const styleLoaded = useRef(true);
  const tap = useRef(onTap);
  tap.current = onTap;
  const clusterLabel = useRef((count: number) => t('map.cluster', { count }));
  clusterLabel.current = (count: number) => t('map.cluster', { count });

  // The map is made once; later changes of the props move it in the effects below. It is made in a task of its
  // own: creating a WebGL map is slow on weak phones, and the screen or sheet around it should show first.
  // biome-ignore lint/correctness/useExhaustiveDependencies: made once
  useEffect(() => {
    let instance: MapLibre | undefined;
    let watch: ReturnType<typeof basemapWatch> | undefined;
    let cancelled = false;
    let chosen = currentBasemap();
    const timer = setTimeout(async () => {
      let style: string | StyleSpecification;
      try {
        // With no network, the basemap of an outing pack kept for this place, if there is one (issue 38).
        if (chosen.kind === 'offline' && globalThis.navigator?.onLine === false) {
          chosen = (await packBasemapAt(center)) ?? chosen;
        }
        style = await styleOf(chosen, i18n.language);
      } catch {
        style = plainStyle;
      }
      if (cancelled || !container.current) return;
      try {
        instance = new MapLibre({
          container: container.current,
          style,
          center: [center.longitude, center.latitude],
          zoom,
          // Added below, in the corner the screen asks for.
          attributionControl: false,
          locale: {
            'NavigationControl.ZoomIn': t('map.zoomIn'),
            'NavigationControl.ZoomOut': t('map.zoomOut'),
            'AttributionControl.ToggleAttribution': t('map.attribution'),
          },
        });
      } catch {
        // No WebGL on this device: the markers and the rest of the screen still make sense without the map.
        setFailed(true);
        return;
      }
      const created = instance;
      setBasemap(style === plainStyle ? 'offline' : chosen.kind);
      created.addControl(new NavigationControl({ showCompass: false }), 'top-right');
      // The credits of the basemap's sources: compact (a button, open at first) on narrow maps, open on wide ones.
      created.addControl(new AttributionControl(), attributionPosition);
      created.on('click', (e) => tap.current?.({ latitude: e.lngLat.lat, longitude: e.lngLat.lng }));
      created.on('load', () => setMap(created));
      created.on('style.load', () => {
        styleLoaded.current = true;
        setStyleVersion((v) => v + 1);
      });
      if (style === plainStyle) return;
      // A basemap from the network that cannot load (no connection, a host that refuses) gives way to the
      // plain style, without an error on screen.
      watch = basemapWatch({
        onFail: () => {
          styleLoaded.current = false;
          created.setStyle(plainStyle, { diff: false });
          setBasemap('offline');
        },
      });
      created.on('style.load', () => watch?.styleLoaded());
      created.on('data', (e) => {
        if (e.dataType === 'source' && 'tile' in e && e.tile && !isOverlay(e.sourceId)) watch?.tileLoaded();
      });
      created.on('idle', () => watch?.idle());
      created.on('error', (e) => {
        const { sourceId, tile } = e as { sourceId?: string; tile?: unknown };
        if (!isOverlay(sourceId)) watch?.error(sourceId, tile !== undefined);
      });
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
      watch?.dispose();
      instance?.remove();
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: styleVersion re-adds the layers a new style dropped
  useEffect(() => {
    if (!map || !styleLoaded.current) return;
    const data = {
      type: 'Feature' as const,
      properties: {},
      geometry: {
        type: 'MultiLineString' as const,
        coordinates: linePieces(line ?? [], breaks).map((piece) => piece.map((p) => [p.longitude, p.latitude])),
      },
    };
    const source = map.getSource<GeoJSONSource>(ROUTE_SOURCE);
    // The first frame drawn with this line (the worker has laid it out): the route-snapping benchmark's end mark.
    const points = line?.length ?? 0;
    map.once('idle', () => performance.mark('route-line-drawn', { detail: { points } }));
    if (source) source.setData(data);
    else {
      map.addSource(ROUTE_SOURCE, { type: 'geojson', data });
      map.addLayer({
        id: 'route-casing',
        type: 'line',
        source: ROUTE_SOURCE,
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': '#ffffff', 'line-width': 7 },
      });
      map.addLayer({
        id: 'route-line',
        type: 'line',
        source: ROUTE_SOURCE,
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': '#c8102e', 'line-width': 4 },
      });
    }
  }, [map, line, breaks, styleVersion]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: styleVersion re-adds the layers a new style dropped
  useEffect(() => {
    if (!map || !styleLoaded.current) return;
    const data = {
      type: 'FeatureCollection' as const,
      features: (areas ?? []).map((area) => ({
        type: 'Feature' as const,
        properties: {},
        geometry: { type: 'Polygon' as const, coordinates: [circleRing(area)] },
      })),
    };
    const source = map.getSource<GeoJSONSource>(AREA_SOURCE);
    if (source) source.setData(data);
    else {
      map.addSource(AREA_SOURCE, { type: 'geojson', data });
      map.addLayer({
        id: 'area-fill',
        type: 'fill',
        source: AREA_SOURCE,
        paint: { 'fill-color': '#c8102e', 'fill-opacity': 0.15 },
      });
      map.addLayer({
        id: 'area-line',
        type: 'line',
        source: AREA_SOURCE,
        paint: { 'line-color': '#c8102e', 'line-width': 2, 'line-dasharray': [2, 2] },
      });
    }
  }, [map, areas, styleVersion]);

  // Extra lines (the recap's real lines) over the route, each feature carrying its colour, without a casing that would
  // hide the line beneath; added after the route's layers, so they are drawn on top of it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: styleVersion re-adds the layers a new style dropped
  useEffect(() => {
    if (!map || !styleLoaded.current) return;
    const data = {
      type: 'FeatureCollection' as const,
      features: (extraLines ?? []).map((extra) => ({
        type: 'Feature' as const,
        properties: { color: extra.color },
        geometry: {
          type: 'MultiLineString' as const,
          coordinates: linePieces(extra.points, extra.breaks).map((piece) =>
            piece.map((p) => [p.longitude, p.latitude]),
          ),
        },
      })),
    };
    const source = map.getSource<GeoJSONSource>(EXTRA_SOURCE);
    if (source) source.setData(data);
    else {
      map.addSource(EXTRA_SOURCE, { type: 'geojson', data });
      map.addLayer({
        id: 'extra-line',
        type: 'line',
        source: EXTRA_SOURCE,
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': ['get', 'color'], 'line-width': 3, 'line-opacity': 0.9 },
      });
    }
    // Real lines mostly lie on the planned route: the route becomes a wide, light band they are drawn along.
    const band = (extraLines?.length ?? 0) > 0;
    if (map.getLayer('route-line')) {
      map.setPaintProperty('route-line', 'line-width', band ? 12 : 4);
      map.setPaintProperty('route-line', 'line-opacity', band ? 0.3 : 1);
      map.setPaintProperty('route-casing', 'line-opacity', band ? 0 : 1);
    }
  }, [map, extraLines, styleVersion]);

  useEffect(() => {
    if (!map) return;
    const list = markers ?? [];
    if (!cluster) {
      const placed = list.map((m) =>
        new Marker({ element: markerElement(m) }).setLngLat([m.longitude, m.latitude]).addTo(map),
      );
      return () => {
        for (const marker of placed) marker.remove();
      };
    }
    // Clustered: what is shown follows the view. Markers that stay are kept (and so keep the focus).
    const clusters = markerClusters(list);
    const placed = new Map<string, Marker>();
    let focusNext = false;
    const expand = (shown: Extract<Shown, { kind: 'cluster' }>) => {
      focusNext = true;
      const reduced = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      map.easeTo({
        center: [shown.longitude, shown.latitude],
        zoom: Math.max(clusters.expansionZoom(shown.clusterId), map.getZoom() + 1),
        duration: reduced ? 0 : 400,
      });
    };
    const render = () => {
      const bounds = map.getBounds();
      const shown = clusters.shown(
        [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
        map.getZoom(),
      );
      const wanted = new Set(shown.map((s) => s.key));
      for (const [key, marker] of placed) {
        if (!wanted.has(key)) {
          marker.remove();
          placed.delete(key);
        }
      }
      const added: HTMLElement[] = [];
      for (const s of shown) {
        if (placed.has(s.key)) continue;
        const element =
          s.kind === 'marker'
            ? markerElement(s.marker)
            : clusterElement(s.count, clusterLabel.current(s.count), () => expand(s));
        const point = s.kind === 'marker' ? s.marker : s;
        placed.set(s.key, new Marker({ element }).setLngLat([point.longitude, point.latitude]).addTo(map));
        added.push(element);
      }
      // After a cluster opened by keyboard or a tap, the focus goes to what it opened into, not to the page.
      if (focusNext && added.length > 0) {
        focusNext = false;
        added[0]?.focus();
      }
    };
    render();
    map.on('moveend', render);
    return () => {
      map.off('moveend', render);
      for (const marker of placed.values()) marker.remove();
    };
  }, [map, markers, cluster]);

  // The chart's cursor: one marker moved as the person scrubs, made when it first shows.
  const cursorMarker = useRef<Marker | null>(null);
  useEffect(() => {
    if (!map) return;
    if (!cursor) {
      cursorMarker.current?.remove();
      cursorMarker.current = null;
      return;
    }
    if (!cursorMarker.current) {
      const element = document.createElement('div');
      element.className = 'map-marker map-marker-cursor';
      element.dataset.testid = 'map-cursor';
      cursorMarker.current = new Marker({ element }).setLngLat([cursor.longitude, cursor.latitude]).addTo(map);
    } else cursorMarker.current.setLngLat([cursor.longitude, cursor.latitude]);
    element(cursorMarker.current).dataset.latitude = cursor.latitude.toFixed(6);
    element(cursorMarker.current).dataset.longitude = cursor.longitude.toFixed(6);
  }, [map, cursor]);
  useEffect(
    () => () => {
      cursorMarker.current?.remove();
    },
    [],
  );

  // Show the whole route and every marker when they change; while drawing, the view stays where the user put it.
  const shown = onTap
    ? null
    : JSON.stringify([line?.length, line?.[0], markers?.map((m) => m.id), areas, extraLines?.map((l) => l.id)]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refit only when what is shown changes
  useEffect(() => {
    if (!map || shown === null) return;
    const points = [
      ...(line ?? []),
      ...(extraLines ?? []).flatMap((l) => l.points),
      ...(markers ?? []),
      ...(areas ?? []).flatMap(circleRing).map(([longitude, latitude]) => ({ latitude, longitude })),
    ];
    if (points.length === 0) {
      map.jumpTo({ center: [center.longitude, center.latitude], zoom });
      return;
    }
    const bounds = new LngLatBounds();
    for (const p of points) bounds.extend([p.longitude, p.latitude]);
    map.fitBounds(bounds, { padding: FIT_PADDING[attributionPosition], maxZoom: 14, duration: 0 });
  }, [map, shown, center.latitude, center.longitude]);

  return (
    <section
      ref={container}
      className="map-canvas"
      aria-label={label}
      data-map-ready={map ? 'true' : undefined}
      data-basemap={basemap}
      data-areas={areas?.length || undefined}
    >
      {failed && <div className="map-unavailable" />}
    </section>
  );
}

function clusterElement(count: number, label: string, onClick: () => void): HTMLElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = 'map-marker map-marker-cluster';
  element.dataset.testid = 'map-cluster';
  element.dataset.count = String(count);
  element.textContent = String(count);
  element.title = label;
  element.setAttribute('aria-label', label);
  element.addEventListener('click', (e) => {
    e.stopPropagation();
    onClick();
  });
  return element;
}

const element = (marker: Marker) => marker.getElement();

function markerElement(marker: MapMarker): HTMLElement {
  const element = document.createElement(marker.onClick ? 'button' : 'div');
  element.className = `map-marker map-marker-${marker.kind}`;
  element.dataset.testid = `map-marker-${marker.kind}`;
  if (marker.label) element.textContent = marker.label;
  if (marker.title) {
    element.title = marker.title;
    element.setAttribute('aria-label', marker.title);
  }
  if (marker.onClick) {
    (element as HTMLButtonElement).type = 'button';
    const onClick = marker.onClick;
    element.addEventListener('click', (e) => {
      e.stopPropagation();
      onClick();
    });
  }
  return element;
}
