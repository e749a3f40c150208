import type { ErrorCode, UploadPurpose } from '@cordata/contract';
import { api } from './client.ts';

/**
 * Why an upload did not finish: the person cancelled it, the network failed, or the store refused the file
 * (`code`: the server's error code where it gave one, e.g. PAYLOAD_TOO_LARGE, UPLOAD_INVALID, UPLOAD_EXPIRED).
 */
export class UploadError extends Error {
  constructor(
    readonly reason: 'cancelled' | 'network' | 'refused',
    readonly status = 0,
    readonly code: ErrorCode | null = null,
  ) {
    super(reason === 'refused' ? `upload answered ${status}${code ? ` ${code}` : ''}` : `upload ${reason}`);
    this.name = 'UploadError';
  }
}

export interface UploadOptions {
  /** Aborts the upload (and the request for its URL): it then rejects with UploadError 'cancelled'. */
  signal?: AbortSignal;
  /** The type to declare when the file's own is missing or generic (a .gpx is often '' or octet-stream). */
  contentType?: string;
}

/** The error code in the store's answer: ours answers JSON; S3 answers XML, which says nothing we show. */
function codeOf(text: string): ErrorCode | null {
  try {
    return (JSON.parse(text) as { error?: { code?: ErrorCode } }).error?.code ?? null;
  } catch {
    return null;
  }
}

/**
 * Uploads a file through a presigned URL and gives back its URL. XMLHttpRequest rather than
 * fetch, because only it reports upload progress (0 to 1).
 */
export async function uploadFile(
  file: Blob,
  purpose: UploadPurpose,
  onProgress: (fraction: number) => void = () => {},
  options: UploadOptions = {},
): Promise<string> {
  const { signal } = options;
  const cancelled = () => new UploadError('cancelled');
  if (signal?.aborted) throw cancelled();
  const target = await api('upload/get-upload-url', {
    purpose,
    contentType: (options.contentType ?? file.type) as 'image/jpeg',
    size: file.size,
  });
  if (signal?.aborted) throw cancelled();
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = (error?: UploadError) => {
      signal?.removeEventListener('abort', abort);
      if (error) reject(error);
      else resolve();
    };
    xhr.open(target.method, target.uploadUrl);
    for (const [name, value] of Object.entries(target.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? settle()
        : settle(new UploadError('refused', xhr.status, codeOf(String(xhr.responseText ?? ''))));
    xhr.onerror = () => settle(new UploadError('network'));
    xhr.onabort = () => settle(cancelled());
    xhr.send(file);
  });
  onProgress(1);
  return target.fileUrl;
}
