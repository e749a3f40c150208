import type { Handlers } from '../../http/handlers.ts';
import type { RecapService } from './recap.service.ts';

export const recapHandlers = (recap: RecapService): Handlers => ({
  'activity/read-recap': ({ body, user, baseUrl }) => recap.read(user.userId, body.activityId, baseUrl),
  'activity/add-recap-photo': ({ body, user, baseUrl }) =>
    recap.addPhoto(user.userId, body.activityId, body.fileUrl, baseUrl),
  'activity/delete-recap-photo': ({ body, user }) => recap.deletePhoto(user.userId, body.activityId, body.photoId),
});
