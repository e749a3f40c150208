import Supercluster from 'supercluster';
import type { MapMarker } from './types.ts';

/** Markers within this many pixels of each other share a cluster (a marker is about 26 px tall). */
const CLUSTER_RADIUS_PX = 48;
/** Past this zoom every marker stands alone: the map fits markers at 14 at most. */
const CLUSTER_MAX_ZOOM = 14;

export type Shown =
  | { kind: 'marker'; key: string; marker: MapMarker }
  | { kind: 'cluster'; key: string; clusterId: number; count: number; latitude: number; longitude: number };

/** The markers of a map grouped by supercluster: what to show in a box at a zoom, and where a cluster opens. */
export function markerClusters(markers: readonly MapMarker[]) {
  const index = new Supercluster<{ index: number }>({ radius: CLUSTER_RADIUS_PX, maxZoom: CLUSTER_MAX_ZOOM });
  index.load(
    markers.map((m, i) => ({
      type: 'Feature' as const,
      properties: { index: i },
      geometry: { type: 'Point' as const, coordinates: [m.longitude, m.latitude] },
    })),
  );
  return {
    /** What is shown in the box [west, south, east, north] at `zoom`: lone markers, and clusters. */
    shown(bbox: [number, number, number, number], zoom: number): Shown[] {
      return index.getClusters(bbox, Math.floor(zoom)).flatMap((feature): Shown[] => {
        const [longitude = 0, latitude = 0] = feature.geometry.coordinates;
        const props = feature.properties as {
          cluster?: boolean;
          cluster_id?: number;
          point_count?: number;
          index?: number;
        };
        if (props.cluster && props.cluster_id !== undefined) {
          return [
            {
              kind: 'cluster',
              key: `cluster-${props.cluster_id}`,
              clusterId: props.cluster_id,
              count: props.point_count ?? 0,
              latitude,
              longitude,
            },
          ];
        }
        const marker = props.index === undefined ? undefined : markers[props.index];
        return marker ? [{ kind: 'marker', key: marker.id, marker }] : [];
      });
    },
    /** The zoom at which a cluster splits into smaller ones or its markers. */
    expansionZoom(clusterId: number): number {
      return index.getClusterExpansionZoom(clusterId);
    },
  };
}
