import type { UploadPurpose } from '@cordata/contract';
import { api } from './client.ts';

export class UploadError extends Error {}

/**
 * Uploads a file through a presigned URL and gives back its URL. XMLHttpRequest rather than
 * fetch, because only it reports upload progress (0 to 1).
 */
export async function uploadFile(
  file: File,
  purpose: UploadPurpose,
  onProgress: (fraction: number) => void = () => {},
): Promise<string> {
  const target = await api('upload/get-upload-url', {
    purpose,
    contentType: file.type as 'image/jpeg',
    size: file.size,
  });
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(target.method, target.uploadUrl);
    for (const [name, value] of Object.entries(target.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new UploadError(`upload answered ${xhr.status}`));
    xhr.onerror = () => reject(new UploadError('upload failed'));
    xhr.send(file);
  });
  onProgress(1);
  return target.fileUrl;
}
