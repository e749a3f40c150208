import type { Handlers } from '../../http/handlers.ts';
import { requestBaseUrl } from '../users/users.handlers.ts';
import type { UploadsService } from './uploads.service.ts';

export const uploadsHandlers = (uploads: UploadsService): Handlers => ({
  'upload/get-upload-url': async ({ body, user, request }) =>
    uploads.createUploadUrl(user.userId, body, requestBaseUrl(request)),
});
