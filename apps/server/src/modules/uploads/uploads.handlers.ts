import type { Handlers } from '../../http/handlers.ts';
import type { UploadsService } from './uploads.service.ts';

export const uploadsHandlers = (uploads: UploadsService): Handlers => ({
  'upload/get-upload-url': async ({ body, user, baseUrl }) => uploads.createUploadUrl(user.userId, body, baseUrl),
});
