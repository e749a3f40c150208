import { ApiError } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import type { UploadsService } from './uploads.service.ts';

export const uploadsHandlers = (uploads: UploadsService): Handlers => ({
  'upload/get-upload-url': async ({ body, user, baseUrl }) => {
    // Before the profile is complete, only its picture may be uploaded (review M11).
    if (!user.completed && body.purpose !== 'PROFILE_PICTURE') throw new ApiError('PROFILE_INCOMPLETE');
    return uploads.createUploadUrl(user.userId, body, baseUrl);
  },
});
