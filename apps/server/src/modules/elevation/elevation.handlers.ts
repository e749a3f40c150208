import type { routeElevationCalls } from '@cordata/contract';
import type { HandlersOf } from '../../http/handlers.ts';
import type { ElevationService } from './elevation.service.ts';

export const elevationHandlers = (
  elevation: Pick<ElevationService, 'preview'>,
): HandlersOf<typeof routeElevationCalls> => ({
  'route/elevation': ({ body, user }) => elevation.preview(user.userId, body),
});
