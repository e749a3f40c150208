import type { exportCalls } from '@cordata/contract';
import type { HandlersOf } from '../../http/handlers.ts';
import type { StepUp } from '../auth/step-up.ts';
import type { ExportsService } from './exports.service.ts';

export const exportsHandlers = (
  exports: Pick<ExportsService, 'request' | 'latest'>,
  stepUp: Pick<StepUp, 'assertRecentlyReauthenticated'>,
): HandlersOf<typeof exportCalls> => ({
  'export/request': ({ user }) => {
    // A stolen session alone cannot take everything away: the password was entered again moments ago (review L-N3).
    stepUp.assertRecentlyReauthenticated(user);
    return exports.request(user.userId);
  },
  'export/latest': ({ user }) => exports.latest(user.userId),
});
