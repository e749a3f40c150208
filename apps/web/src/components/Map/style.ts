import type { StyleSpecification } from 'maplibre-gl';
import { config } from '../../config.ts';

/**
 * A plain background: maps work with no tile server at all (tests, offline demos). A real style comes from
 * the configured `mapStyleUrl`.
 */
export const plainStyle: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#e8efe4' } }],
};

export const mapStyle = (): string | StyleSpecification => config.mapStyleUrl || plainStyle;
