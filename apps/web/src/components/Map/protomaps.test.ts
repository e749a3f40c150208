import { describe, expect, it } from 'vitest';
import { PROTOMAPS_ATTRIBUTION, protomapsStyle } from './protomaps.ts';

const url = 'https://cordata.example/maps/basemap.pmtiles';

describe('the Protomaps style over the self-hosted basemap', () => {
  it("reads the server's file through the pmtiles protocol and credits Protomaps and OpenStreetMap", () => {
    const style = protomapsStyle(url, '', 'en');
    expect(style.sources.protomaps).toEqual({
      type: 'vector',
      url: `pmtiles://${url}`,
      attribution: PROTOMAPS_ATTRIBUTION,
    });
    expect(PROTOMAPS_ATTRIBUTION).toContain('Protomaps');
    expect(PROTOMAPS_ATTRIBUTION).toContain('© <a href="https://www.openstreetmap.org/copyright"');
  });

  it('without fonts and sprites (MAP_ASSETS_URL) has no labels, so it loads nothing from a third party', () => {
    const style = protomapsStyle(url, '', 'en');
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(style.layers.some((l) => l.type === 'symbol')).toBe(false);
    expect(style.layers.length).toBeGreaterThan(20);
  });

  it('with them, labels places in the app language', () => {
    const style = protomapsStyle(url, 'https://assets.example/basemaps', 'it-IT');
    expect(style.glyphs).toBe('https://assets.example/basemaps/fonts/{fontstack}/{range}.pbf');
    expect(style.sprite).toBe('https://assets.example/basemaps/sprites/v4/light');
    const labels = style.layers.filter((l) => l.type === 'symbol');
    expect(labels.length).toBeGreaterThan(0);
    expect(JSON.stringify(labels)).toContain('name:it');
  });
});
