import type { Handlers } from '../../http/handlers.ts';
import type { SeriesService } from './series.service.ts';

/** HTTP only: each series call hands the caller and its body to the service (issue 22). */
export const seriesHandlers = (series: SeriesService): Handlers => ({
  'series/read-info': ({ body, user }) => series.read(user.userId, body.activityId),
  'series/join': ({ body, user }) => series.join(user.userId, body.activityId, body.consentVersion),
  'series/leave': ({ body, user }) => series.leave(user.userId, body.activityId),
  'series/skip-date': ({ body, user }) => series.skipDate(user.userId, body),
  'series/cancel': ({ body, user }) => series.cancel(user.userId, body),
});
