import type { routingCalls } from '@cordata/contract';
import type { HandlersOf } from '../../http/handlers.ts';
import type { RoutingService } from './routing.service.ts';

export const routingHandlers = (service: RoutingService): HandlersOf<typeof routingCalls> => ({
  'route/snap-legs': async ({ body, user, request }) => {
    // The app aborts a request for legs no longer drawn: the connection closes, and the engine is asked no more.
    const gone = new AbortController();
    const socket = request.raw.socket;
    const onClose = () => gone.abort();
    socket?.once('close', onClose);
    try {
      return await service.snapLegs(user.userId, body.sportId, body.points, gone.signal);
    } finally {
      socket?.off('close', onClose);
    }
  },
});
