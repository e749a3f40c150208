import {
  type CallBody,
  type CallResponse,
  GPX_TYPES,
  GPX_UPLOAD_MAX_BYTES,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  RECAP_PHOTO_URL_MINUTES,
  RECORDING_TYPES,
  type UploadPurpose,
} from '@cordata/contract';
import sharp from 'sharp';
import { uuidv7 } from 'uuidv7';
import { ApiError } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { matchesType } from './file-types.ts';
import type { FileStorage } from './storage.ts';
import type { UploadRow, UploadsRepository } from './uploads.repository.ts';

/** How long a presigned upload URL works. */
export const UPLOAD_URL_TTL_MS = 10 * 60 * 1000;

const rules: Record<UploadPurpose, { types: readonly string[]; maxBytes: number; folder: string }> = {
  PROFILE_PICTURE: { types: IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES, folder: 'pictures' },
  GROUP_PICTURE: { types: IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES, folder: 'pictures' },
  GPX: { types: GPX_TYPES, maxBytes: GPX_UPLOAD_MAX_BYTES, folder: 'gpx' },
  // Served only through signed, expiring addresses (storage.isPrivateKey).
  RECAP_PHOTO: { types: IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES, folder: 'photos' },
  // A watch's track starts at someone's door: private too, and deleted once read (modules/recordings).
  RECORDING: { types: RECORDING_TYPES, maxBytes: GPX_UPLOAD_MAX_BYTES, folder: 'recordings' },
};

/** Signed read addresses expire on these boundaries, so two reads close in time give one cacheable address. */
const READ_URL_STEP_MS = 15 * 60 * 1000;

const longestSide: Record<Exclude<UploadPurpose, 'GPX' | 'RECORDING' | 'PROFILE_PICTURE'>, number> = {
  GROUP_PICTURE: 1280,
  RECAP_PHOTO: 2048,
};

/**
 * Pictures are stored re-encoded: a 512 px square WebP for a face, at most 1280 px for a group, 2048 px for a photo.
 * Re-encoding also drops the metadata a photo carries (GPS position included).
 */
export async function processUpload(purpose: UploadPurpose, bytes: Uint8Array) {
  if (purpose === 'GPX' || purpose === 'RECORDING') return null;
  try {
    const image = sharp(bytes, { limitInputPixels: 60_000_000 }).rotate();
    const resized =
      purpose === 'PROFILE_PICTURE'
        ? image.resize(512, 512, { fit: 'cover' })
        : image.resize(longestSide[purpose], longestSide[purpose], { fit: 'inside', withoutEnlargement: true });
    return { bytes: new Uint8Array(await resized.webp({ quality: 82 }).toBuffer()), contentType: 'image/webp' };
  } catch {
    throw new ApiError('UPLOAD_INVALID', { message: 'The picture could not be read' });
  }
}

export function createUploadsService(deps: {
  uploads: UploadsRepository;
  storage: FileStorage;
  rateLimiter: Pick<RateLimiter, 'hit'>;
  now: () => Date;
}) {
  const { uploads, storage } = deps;

  async function createUploadUrl(
    userId: string,
    body: CallBody<'upload/get-upload-url'>,
    baseUrl: string,
  ): Promise<CallResponse<'upload/get-upload-url'>> {
    const rule = rules[body.purpose];
    if (!rule.types.includes(body.contentType)) {
      throw new ApiError('UPLOAD_INVALID', { details: { accepted: rule.types } });
    }
    if (body.size > rule.maxBytes) {
      throw new ApiError('PAYLOAD_TOO_LARGE', {
        message: `The file is too large: at most ${rule.maxBytes / 1024 / 1024} MB`,
        details: { maxBytes: rule.maxBytes },
      });
    }
    await deps.rateLimiter.hit(`upload:user:${userId}`, { limit: 60, windowSeconds: 3600 });
    const id = uuidv7();
    const key = `${rule.folder}/${id}`;
    const expiresAt = new Date(deps.now().getTime() + UPLOAD_URL_TTL_MS);
    await uploads.insert({
      id,
      userId,
      purpose: body.purpose,
      contentType: body.contentType,
      maxSize: body.size,
      storageKey: key,
      expiresAt,
    });
    const { url, headers } = await storage.presignPut({
      key,
      contentType: body.contentType,
      size: body.size,
      expiresAt,
      baseUrl,
    });
    return {
      uploadUrl: url,
      method: 'PUT',
      headers,
      fileUrl: storage.fileUrl(key, baseUrl),
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** Checks what arrived (its size and real type), re-encodes pictures, stores it and marks it ready. */
  async function complete(upload: UploadRow, bytes: Uint8Array) {
    if (bytes.length > upload.maxSize) throw new ApiError('PAYLOAD_TOO_LARGE');
    if (!matchesType(upload.contentType, bytes, upload.purpose)) throw new ApiError('UPLOAD_INVALID');
    const processed = await processUpload(upload.purpose, bytes);
    const stored = processed ?? { bytes, contentType: upload.contentType };
    await storage.put(upload.storageKey, stored.bytes, stored.contentType);
    if (!(await uploads.markReady(upload.id, stored.bytes.length, stored.contentType))) {
      throw new ApiError('FORBIDDEN', { message: 'This upload link has already been used' });
    }
  }

  /**
   * A file URL that this server issued to this person for this purpose, once its file is there.
   * With S3 the file went straight to the bucket, so it is checked (and a picture re-encoded) now.
   */
  async function claim(url: string, userId: string, purpose: UploadPurpose, baseUrl: string): Promise<string> {
    const foreign = () =>
      new ApiError('UPLOAD_INVALID', { message: 'Use a file uploaded to Cordata', details: { url } });
    const key = storage.keyOf(url, baseUrl);
    if (!key) throw foreign();
    const upload = await uploads.findByKey(key);
    if (!upload || upload.userId !== userId || upload.purpose !== purpose) throw foreign();
    if (upload.status === 'PENDING') {
      const bytes = storage.takeUpload ? await storage.takeUpload(key) : null;
      if (!bytes) throw new ApiError('UPLOAD_NOT_FOUND');
      await complete(upload, bytes);
    }
    return storage.fileUrl(key, baseUrl);
  }

  /** The bytes of the caller's own upload for `purpose` behind `url` (claimed first: checked and marked ready). */
  async function readOwnFile(url: string, userId: string, purpose: UploadPurpose, baseUrl: string) {
    const key = storage.keyOf(await claim(url, userId, purpose, baseUrl), baseUrl);
    const bytes = key ? await storage.get(key) : null;
    if (!bytes) throw new ApiError('UPLOAD_NOT_FOUND');
    return bytes;
  }

  /**
   * A read address of a stored file for someone allowed to see it: about RECAP_PHOTO_URL_MINUTES, rounded up to the
   * next quarter hour so that reads close in time give the same (cached) address.
   */
  function signedReadUrl(key: string, baseUrl: string) {
    const earliest = deps.now().getTime() + RECAP_PHOTO_URL_MINUTES * 60_000;
    const expiresAt = new Date(Math.ceil(earliest / READ_URL_STEP_MS) * READ_URL_STEP_MS);
    return storage.signedReadUrl(key, baseUrl, expiresAt);
  }

  /** The storage key of a URL this server issued (its own or the bucket's), or null. */
  const keyOf = (url: string, baseUrl: string) => storage.keyOf(url, baseUrl);

  /** Best effort: a file left behind is harmless, a failed account deletion is not. */
  async function removeFiles(keys: string[]) {
    try {
      await storage.remove(keys);
    } catch {
      // Nothing points to the file anymore; it is only reachable by someone who kept its URL.
    }
  }

  return { createUploadUrl, complete, claim, readOwnFile, signedReadUrl, keyOf, removeFiles };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
