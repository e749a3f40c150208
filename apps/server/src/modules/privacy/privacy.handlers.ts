import type { privacyCalls } from '@cordata/contract';
import type { HandlersOf } from '../../http/handlers.ts';
import type { PrivacyService } from './privacy.service.ts';

export const privacyHandlers = (privacy: PrivacyService): HandlersOf<typeof privacyCalls> => ({
  'privacy/list-zones': ({ user }) => privacy.list(user.userId),
  'privacy/add-zone': ({ body, user }) => privacy.add(user.userId, body),
  'privacy/regenerate-zone': ({ body, user }) => privacy.regenerate(user.userId, body.zoneId),
  'privacy/delete-zone': ({ body, user }) => privacy.remove(user.userId, body.zoneId),
});
