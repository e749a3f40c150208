import {
  type GeoJSONSource,
  LngLatBounds,
  Map as MapLibre,
  Marker,
  NavigationControl,
  setWorkerUrl,
} from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { mapStyle } from './style.ts';
import type { MapMarker, RouteMapProps } from './types.ts';

setWorkerUrl(workerUrl);

const ROUTE_SOURCE = 'route';
/** Room around a fitted route, and more on the right where the zoom buttons sit, so no marker hides under them. */
const FIT_PADDING = { top: 40, bottom: 40, left: 40, right: 64 };

/** The MapLibre map: a route line and DOM markers (so tests find them without reading the canvas). */
export default function MapCanvas({ label, line, markers, center, zoom = 11, onTap }: RouteMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibre | null>(null);
  const [failed, setFailed] = useState(false);
  const tap = useRef(onTap);
  tap.current = onTap;

  // The map is made once; later changes of the props move it in the effects below. It is made in a task of its
  // own: creating a WebGL map is slow on weak phones, and the screen or sheet around it should show first.
  // biome-ignore lint/correctness/useExhaustiveDependencies: made once
  useEffect(() => {
    let instance: MapLibre | undefined;
    const timer = setTimeout(() => {
      if (!container.current) return;
      try {
        instance = new MapLibre({
          container: container.current,
          style: mapStyle(),
          center: [center.longitude, center.latitude],
          zoom,
          attributionControl: { compact: true },
        });
      } catch {
        // No WebGL on this device: the markers and the rest of the screen still make sense without the map.
        setFailed(true);
        return;
      }
      const created = instance;
      created.addControl(new NavigationControl({ showCompass: false }), 'top-right');
      created.on('click', (e) => tap.current?.({ latitude: e.lngLat.lat, longitude: e.lngLat.lng }));
      created.on('load', () => setMap(created));
    });
    return () => {
      clearTimeout(timer);
      instance?.remove();
    };
  }, []);

  useEffect(() => {
    if (!map) return;
    const data = {
      type: 'Feature' as const,
      properties: {},
      geometry: { type: 'LineString' as const, coordinates: (line ?? []).map((p) => [p.longitude, p.latitude]) },
    };
    const source = map.getSource<GeoJSONSource>(ROUTE_SOURCE);
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
  }, [map, line]);

  useEffect(() => {
    if (!map) return;
    const placed = (markers ?? []).map((m) =>
      new Marker({ element: markerElement(m) }).setLngLat([m.longitude, m.latitude]).addTo(map),
    );
    return () => {
      for (const marker of placed) marker.remove();
    };
  }, [map, markers]);

  // Show the whole route and every marker when they change; while drawing, the view stays where the user put it.
  const shown = onTap ? null : JSON.stringify([line?.length, line?.[0], markers?.map((m) => m.id)]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refit only when what is shown changes
  useEffect(() => {
    if (!map || shown === null) return;
    const points = [...(line ?? []), ...(markers ?? [])];
    if (points.length === 0) {
      map.jumpTo({ center: [center.longitude, center.latitude], zoom });
      return;
    }
    const bounds = new LngLatBounds();
    for (const p of points) bounds.extend([p.longitude, p.latitude]);
    map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom: 14, duration: 0 });
  }, [map, shown, center.latitude, center.longitude]);

  return (
    <section ref={container} className="map-canvas" aria-label={label} data-map-ready={map ? 'true' : undefined}>
      {failed && <div className="map-unavailable" />}
    </section>
  );
}

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
