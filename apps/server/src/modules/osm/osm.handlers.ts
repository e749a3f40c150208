import type { routeGradeCalls } from '@cordata/contract';
import type { HandlersOf } from '../../http/handlers.ts';
import type { OsmService } from './osm.service.ts';

export const osmHandlers = (osm: Pick<OsmService, 'suggest'>): HandlersOf<typeof routeGradeCalls> => ({
  'route/grade-suggestion': ({ body, user }) => osm.suggest(user.userId, body),
});
