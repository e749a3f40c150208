import type { offlineCalls } from '@cordata/contract';
import type { HandlersOf } from '../../http/handlers.ts';
import type { OfflineService } from './offline.service.ts';

export const offlineHandlers = (service: OfflineService): HandlersOf<typeof offlineCalls> => ({
  'offline/pack-size': ({ body, user, request, baseUrl }) => service.size(body.activityId, { user, request, baseUrl }),
  'offline/build-pack': ({ body, user, request, baseUrl }) =>
    service.build(body.activityId, { user, request, baseUrl }),
});
