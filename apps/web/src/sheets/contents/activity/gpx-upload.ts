import { GPX_UPLOAD_MAX_BYTES } from '@cordata/contract';
import type { TFunction } from 'i18next';
import { isApiError } from '../../../api/client.ts';
import { UploadError, uploadFile } from '../../../api/upload.ts';
import { errorText } from '../../../components/feedback.ts';

/** Where the upload of the chosen route file stands, for the progress bar under it. */
export type GpxUploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; fraction: number }
  | { phase: 'done'; url: string }
  | { phase: 'failed'; message: string; cancelled: boolean };

/** The sentence for an upload that did not finish, in the person's language. */
export function gpxUploadError(error: unknown, t: TFunction): string {
  const code = error instanceof UploadError ? error.code : isApiError(error) ? error.code : null;
  if (error instanceof UploadError && error.reason === 'cancelled') return t('activity.wizard.upload.cancelled');
  if (error instanceof UploadError && error.reason === 'network') return t('activity.wizard.upload.network');
  if (code === 'PAYLOAD_TOO_LARGE' || (error instanceof UploadError && error.status === 413))
    return t('activity.wizard.upload.tooLarge', { mb: GPX_UPLOAD_MAX_BYTES / 1024 / 1024 });
  // The store looked at the file and it is not GPX: the spec's GPX loading error.
  if (code === 'UPLOAD_INVALID') return t('messages.gpxError');
  if (code === 'UPLOAD_EXPIRED') return t('activity.wizard.upload.expired');
  if (error instanceof UploadError) return t('activity.wizard.upload.failed');
  return errorText(error);
}

/**
 * Uploads one route file through the presigned upload (upload/get-upload-url, purpose GPX), reporting each
 * step to `onState`; `cancel()` aborts it. Plain code, no React: GpxStep binds it to its state.
 */
export function startGpxUpload(file: Blob, t: TFunction, onState: (state: GpxUploadState) => void) {
  const controller = new AbortController();
  let over = false;
  const report = (state: GpxUploadState) => {
    if (!over) onState(state);
  };
  onState({ phase: 'uploading', fraction: 0 });
  const done = uploadFile(file, 'GPX', (fraction) => report({ phase: 'uploading', fraction }), {
    signal: controller.signal,
    contentType: 'application/gpx+xml',
  }).then(
    (url) => {
      report({ phase: 'done', url });
      over = true;
      return url;
    },
    (error: unknown) => {
      report({
        phase: 'failed',
        message: gpxUploadError(error, t),
        cancelled: error instanceof UploadError && error.reason === 'cancelled',
      });
      over = true;
      return null;
    },
  );
  return {
    done,
    cancel: () => controller.abort(),
    /** Stops reporting and aborts: the step is gone, or another file replaced this one. */
    drop: () => {
      over = true;
      controller.abort();
    },
  };
}

export type GpxUpload = ReturnType<typeof startGpxUpload>;
