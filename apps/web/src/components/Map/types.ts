import type { LatLng } from '@cordata/contract';

export type MarkerKind = 'start' | 'end' | 'waypoint' | 'activity' | 'point' | 'here';

export interface MapMarker extends LatLng {
  id: string;
  kind: MarkerKind;
  /** Shown inside the marker (a number, a letter) or as its accessible name. */
  label?: string;
  title?: string;
  onClick?: () => void;
}

/** A line drawn over the route in a colour of its own: a participant's real line in the recap (issue 42). */
export interface ExtraLine {
  id: string;
  points: readonly LatLng[];
  /** Indices of `points` where a new piece begins, as the route's `breaks`. */
  breaks?: readonly number[];
  /** A CSS colour MapLibre reads (#rrggbb). */
  color: string;
}

export interface RouteMapProps {
  /** An accessible name for the map. */
  label: string;
  line?: readonly LatLng[];
  /** Indices of `line` where a new piece begins (a route cut around a privacy zone): nothing is drawn across. */
  breaks?: readonly number[];
  markers?: readonly MapMarker[];
  /** Lines drawn over the route, each in its own colour (the recap's real lines). */
  extraLines?: readonly ExtraLine[];
  /** Where the map looks when there is nothing to fit. */
  center: LatLng;
  zoom?: number;
  /** A place picked elsewhere (the elevation chart), shown with its own marker; the view does not move for it. */
  cursor?: LatLng | null;
  /** Taps on the map (drawing a route). */
  onTap?: (point: LatLng) => void;
  testId?: string;
  className?: string;
  /** Where the map credits sit: top-left where a floating button covers the bottom (the home map). */
  attributionPosition?: 'bottom-right' | 'top-left';
  /** Circles drawn under the line: a closed activity's approximate meeting area (issue 23). */
  areas?: readonly (LatLng & { radiusMetres: number })[];
  /** Groups markers that are close at the current zoom into one that zooms in when tapped (the home map). */
  cluster?: boolean;
}
