import { describe, expect, it } from 'vitest';
import { markerClusters } from './clusters.ts';
import type { MapMarker } from './types.ts';

const marker = (id: string, latitude: number, longitude: number): MapMarker => ({
  id,
  kind: 'activity',
  latitude,
  longitude,
});
const world: [number, number, number, number] = [-180, -85, 180, 85];

// Five activities around Lecco's lakefront (within about 300 m) and one in Milan, 48 km away.
const lecco = [0, 1, 2, 3, 4].map((i) => marker(`lecco-${i}`, 45.853 + i * 0.0005, 9.39 + i * 0.0005));
const milan = marker('milan', 45.4642, 9.19);

describe('clustering the home markers', () => {
  it('groups close markers at a regional zoom and keeps a lone one apart', () => {
    const clusters = markerClusters([...lecco, milan]);
    const shown = clusters.shown(world, 9);
    expect(shown).toHaveLength(2);
    const group = shown.find((s) => s.kind === 'cluster');
    expect(group).toMatchObject({ kind: 'cluster', count: 5 });
    expect(shown.find((s) => s.kind === 'marker')).toMatchObject({ key: 'milan', marker: milan });
  });

  it('opens a cluster at a zoom where its markers stand apart, and shows every marker past the last cluster zoom', () => {
    const clusters = markerClusters([...lecco, milan]);
    const group = clusters.shown(world, 9).find((s) => s.kind === 'cluster');
    if (group?.kind !== 'cluster') throw new Error('no cluster');
    const zoom = clusters.expansionZoom(group.clusterId);
    expect(zoom).toBeGreaterThan(9);
    const opened = clusters.shown(world, zoom);
    expect(opened.length).toBeGreaterThan(2);
    const all = clusters.shown(world, 15);
    expect(all.map((s) => s.key).sort()).toEqual([...lecco.map((m) => m.id), 'milan'].sort());
  });

  it('shows only what is in the box', () => {
    const clusters = markerClusters([...lecco, milan]);
    expect(clusters.shown([9.1, 45.4, 9.3, 45.5], 12).map((s) => s.key)).toEqual(['milan']);
    expect(markerClusters([]).shown(world, 5)).toEqual([]);
  });
});
