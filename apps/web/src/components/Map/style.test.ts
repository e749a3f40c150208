import { describe, expect, it } from 'vitest';
import { config } from '../../config.ts';
import { OPENFREEMAP_STYLE_URL } from '../../contract.ts';
import { basemapWatch, chooseBasemap, currentBasemap } from './style.ts';

const online = { online: true, origin: 'https://cordata.example' };
const unset = { mapStyleUrl: '', mapPmtiles: '', mapAssetsUrl: '', publicUrl: '' };

describe('choosing the basemap', () => {
  it('shows OpenFreeMap with nothing configured', () => {
    expect(chooseBasemap(unset, online)).toEqual({ kind: 'openfreemap', url: OPENFREEMAP_STYLE_URL });
    expect(chooseBasemap({ ...unset, mapStyleUrl: OPENFREEMAP_STYLE_URL }, online).kind).toBe('openfreemap');
  });

  it("draws the server's .pmtiles file from its own origin, or from PUBLIC_URL in the phone app", () => {
    const pmtiles = { ...unset, mapPmtiles: '/maps/basemap.pmtiles' };
    expect(chooseBasemap(pmtiles, online)).toEqual({
      kind: 'pmtiles',
      url: 'https://cordata.example/maps/basemap.pmtiles',
      assetsUrl: '',
    });
    const native = { ...pmtiles, publicUrl: 'https://api.cordata.app', mapAssetsUrl: 'https://assets.example/pm/' };
    expect(chooseBasemap(native, { online: true, origin: 'capacitor://localhost' })).toEqual({
      kind: 'pmtiles',
      url: 'https://api.cordata.app/maps/basemap.pmtiles',
      assetsUrl: 'https://assets.example/pm',
    });
  });

  it('lets MAP_STYLE_URL override both, and `offline` pin the plain style', () => {
    const both = { ...unset, mapPmtiles: '/maps/basemap.pmtiles' };
    expect(chooseBasemap({ ...both, mapStyleUrl: 'https://maps.example/style.json' }, online)).toEqual({
      kind: 'style',
      url: 'https://maps.example/style.json',
    });
    expect(chooseBasemap({ ...both, mapStyleUrl: 'offline' }, online)).toEqual({ kind: 'offline' });
  });

  it('uses the plain style at once on a device without a connection', () => {
    expect(chooseBasemap(unset, { ...online, online: false })).toEqual({ kind: 'offline' });
  });

  it('is pinned to the plain style in these tests (VITE_MAP_STYLE_URL=offline), so none reaches an outside host', () => {
    expect(config.mapStyleUrl).toBe('offline');
    expect(currentBasemap()).toEqual({ kind: 'offline' });
  });
});

describe('falling back to the plain style', () => {
  /** A clock the test moves by hand. */
  function manualTimers() {
    const pending: { at: number; run: () => void }[] = [];
    let now = 0;
    return {
      schedule(run: () => void, ms: number) {
        const timer = { at: now + ms, run };
        pending.push(timer);
        return () => pending.splice(pending.indexOf(timer) >>> 0, 1);
      },
      advance(ms: number) {
        now += ms;
        for (const timer of pending.filter((p) => p.at <= now)) {
          pending.splice(pending.indexOf(timer), 1);
          timer.run();
        }
      },
    };
  }

  const watching = () => {
    const timers = manualTimers();
    const failures: string[] = [];
    const watch = basemapWatch({ onFail: (r) => failures.push(r), schedule: timers.schedule, timeoutMs: 10_000 });
    return { timers, failures, watch };
  };

  it('when the style itself cannot be fetched', () => {
    const { watch, failures } = watching();
    watch.error(undefined);
    watch.error(undefined);
    expect(failures).toEqual(['style']);
  });

  it('when the style does not load in time, but not once it has', () => {
    const slow = watching();
    slow.timers.advance(9_999);
    expect(slow.failures).toEqual([]);
    slow.timers.advance(1);
    expect(slow.failures).toEqual(['timeout']);

    const loaded = watching();
    loaded.watch.styleLoaded();
    loaded.timers.advance(60_000);
    expect(loaded.failures).toEqual([]);
  });

  it('when its tiles fail and none has loaded; a few failures after tiles loaded are not a reason', () => {
    const failing = watching();
    failing.watch.styleLoaded();
    failing.watch.error('openmaptiles', true);
    failing.watch.error('openmaptiles', true);
    expect(failing.failures).toEqual([]);
    failing.watch.error('openmaptiles', true);
    failing.watch.error('openmaptiles', true);
    expect(failing.failures).toEqual(['tiles']);

    const working = watching();
    working.watch.styleLoaded();
    working.watch.tileLoaded();
    for (let i = 0; i < 10; i++) working.watch.error('openmaptiles', true);
    expect(working.failures).toEqual([]);
  });

  it('when the map settles with every tile in view failed, even fewer than the limit', () => {
    const { watch, failures } = watching();
    watch.styleLoaded();
    watch.idle();
    expect(failures).toEqual([]);
    watch.error('openmaptiles', true);
    watch.idle();
    expect(failures).toEqual(['tiles']);

    const some = watching();
    some.watch.styleLoaded();
    some.watch.error('openmaptiles', true);
    some.watch.tileLoaded();
    some.watch.idle();
    expect(some.failures).toEqual([]);
  });

  it('when a tile failed and none has loaded in time, even if the map never settles', () => {
    const { watch, timers, failures } = watching();
    watch.styleLoaded();
    watch.error('openmaptiles', true);
    timers.advance(9_999);
    expect(failures).toEqual([]);
    timers.advance(1);
    expect(failures).toEqual(['tiles']);

    const recovered = watching();
    recovered.watch.styleLoaded();
    recovered.watch.error('openmaptiles', true);
    recovered.watch.tileLoaded();
    recovered.timers.advance(60_000);
    expect(recovered.failures).toEqual([]);
  });

  it('when a source cannot load at all (its TileJSON, or the header of a .pmtiles archive)', () => {
    const { watch, failures } = watching();
    watch.styleLoaded();
    watch.error('protomaps');
    expect(failures).toEqual(['source']);
  });

  it('not for an error of the style once it has loaded (an image, a glyph)', () => {
    const { watch, failures } = watching();
    watch.styleLoaded();
    watch.error(undefined);
    expect(failures).toEqual([]);
  });

  it('never after it is disposed (the map left the screen)', () => {
    const { watch, timers, failures } = watching();
    watch.dispose();
    watch.error(undefined);
    timers.advance(20_000);
    expect(failures).toEqual([]);
  });
});
