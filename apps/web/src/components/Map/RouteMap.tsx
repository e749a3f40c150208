import { Component, lazy, type ReactNode, Suspense } from 'react';
import { NO_SWIPE_ATTRIBUTE } from '../../sheets/swipe.ts';
import { linePieces } from './pieces.ts';
import type { RouteMapProps } from './types.ts';
import './Map.css';

// MapLibre is ~300 KB gzipped: it loads only when a map is on screen.
const loadMapCanvas = () => import('./MapCanvas.tsx');
const MapCanvas = lazy(loadMapCanvas);

/** Starts loading the map before it is needed (a step before a map shows), so it appears at once. */
export const preloadMap = () => void loadMapCanvas();

/** A map that never starts a sheet swipe, loaded on demand. */
export function RouteMap(props: RouteMapProps) {
  return (
    <div
      className={`route-map ${props.className ?? ''}`}
      data-testid={props.testId ?? 'route-map'}
      // How many pieces the route is drawn in (more than one where it was cut around a privacy zone), for tests.
      data-route-pieces={props.line ? linePieces(props.line, props.breaks).length : undefined}
      // How many extra lines are drawn over it, and in how many pieces, for tests.
      data-extra-lines={props.extraLines?.length || undefined}
      data-extra-pieces={
        props.extraLines?.length
          ? props.extraLines.reduce((n, l) => n + linePieces(l.points, l.breaks).length, 0)
          : undefined
      }
      {...{ [NO_SWIPE_ATTRIBUTE]: '' }}
    >
      <MapErrorBoundary>
        <Suspense fallback={<div className="map-canvas map-loading" aria-busy="true" />}>
          <MapCanvas {...props} />
        </Suspense>
      </MapErrorBoundary>
    </div>
  );
}

/** A map that cannot load (no WebGL, a failed chunk) leaves an empty frame, never a broken screen. */
class MapErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    console.warn('The map failed:', error.message);
  }
  override render() {
    return this.state.failed ? <div className="map-canvas map-unavailable" /> : this.props.children;
  }
}

export type { ExtraLine, MapMarker } from './types.ts';
