import { PACK_BUFFER_METRES, PACK_MAX_ZOOM } from '@cordata/contract';
import type { Core } from '../../core.ts';
import type { Handlers } from '../../http/handlers.ts';
import type { Access } from '../access/access.ts';
import { createPackCutter } from '../maps/pack-cut.ts';
import type { Module } from '../module.ts';
import { offlineHandlers } from './offline.handlers.ts';
import { createOfflineService } from './offline.service.ts';
import { registerPackTiles } from './pack.routes.ts';
import { createCallAnswerer } from './pack-answers.ts';
import { createPackLinks } from './pack-link.ts';

/**
 * A cut left unused this long goes (the device keeps its own copy; a pack saved again is cut again): two days keep
 * the cut of a pack saved the day before for whoever saves it on the day.
 */
const CUT_KEPT_MS = 48 * 3_600_000;

/**
 * The outing pack (issue 38): what an activity's page needs to open offline, answered by the other modules' own
 * handlers (`handlers`: all of them, gathered after every module is made), and its basemap cut when the server has
 * a .pmtiles file (MAP_PMTILES_PATH). See docs/maps.md "The outing pack".
 */
export function createOfflineModule(core: Core, deps: { access: Access; handlers: () => Handlers }) {
  const file = core.config.MAP_PMTILES_PATH;
  const cutter = file
    ? createPackCutter({
        file,
        dataDir: core.config.dataDir,
        bufferMetres: PACK_BUFFER_METRES,
        maxZoom: PACK_MAX_ZOOM,
        now: core.now,
      })
    : null;
  const links = createPackLinks(core.config.keys.packLinks, core.now);
  const service = createOfflineService({
    access: deps.access,
    answer: createCallAnswerer(deps.handlers),
    cutter,
    links,
    now: core.now,
  });
  return {
    handlers: offlineHandlers(service),
    routes: (app) => registerPackTiles(app, { links, cutter, access: deps.access, now: core.now }),
    jobs: cutter
      ? [
          {
            name: 'pack-cuts',
            everyMs: 60 * 60_000,
            run: () => cutter.purge(new Date(core.now().getTime() - CUT_KEPT_MS)),
          },
        ]
      : [],
    services: { cutter, links },
  } satisfies Module;
}
