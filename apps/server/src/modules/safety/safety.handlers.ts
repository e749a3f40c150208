import type { queuedCalls, safetyCalls } from '@cordata/contract';
import type { HandlersOf } from '../../http/handlers.ts';
import type { QueuedEvents } from './queued-events.ts';
import type { SafetyService } from './safety.service.ts';

export const safetyHandlers = (service: SafetyService): HandlersOf<typeof safetyCalls> => ({
  'activity/safety': ({ body, user }) => service.read(body.activityId, user.userId),
  'activity/safety-set-return': ({ body, user }) =>
    service.setReturn(body.activityId, user.userId, body.plannedReturnAt),
  'activity/safety-share': ({ body, user }) => service.share(body.activityId, user.userId, body.sharing, body.economy),
  'activity/safety-back': ({ body, user }) => service.checkIn(user.userId, body),
  'user/emergency-contacts': ({ user }) => service.contacts(user.userId),
  'user/set-emergency-contacts': ({ body, user }) => service.setContacts(user.userId, body.contacts),
  'user/delete-location-history': ({ user }) => service.deleteHistory(user.userId),
});

/** Anyone signed in may carry queued events; each is applied as the person who signed it (queued-events.ts). */
export const queuedHandlers = (queued: QueuedEvents): HandlersOf<typeof queuedCalls> => ({
  'safety/register-device-key': ({ body, user }) => queued.registerKey(user.userId, body.publicKey),
  'safety/deliver-queued': ({ body, user }) => queued.deliver(user.userId, body.events),
});
