import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../../config.ts';
import { ringMatches, ringSign } from '../../secrets.ts';

export interface PresignInput {
  key: string;
  contentType: string;
  size: number;
  expiresAt: Date;
  /** This server's public origin as the caller reached it. */
  baseUrl: string;
}

/** Where uploaded files live: the server's own disk, or an S3-compatible bucket. */
export interface FileStorage {
  kind: 'local' | 's3';
  /** The URL a stored file is read from. */
  fileUrl(key: string, baseUrl: string): string;
  /** The key a URL of this storage points to, or null for a URL it did not issue. */
  keyOf(url: string, baseUrl: string): string | null;
  presignPut(input: PresignInput): Promise<{ url: string; headers: Record<string, string> }>;
  /**
   * A URL that reads the file until `expiresAt` and is refused after: how files of a private folder (recap photos)
   * are handed to the people who may see them.
   */
  signedReadUrl(key: string, baseUrl: string, expiresAt: Date): Promise<string>;
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The stored bytes, or null when nothing was uploaded under the key. */
  get(key: string): Promise<Uint8Array | null>;
  /**
   * S3 only: the bytes a client PUT through the presigned URL for this key, taken out of the staging
   * area (the upload is deleted there). What is served is only ever what the server wrote itself.
   */
  takeUpload?(key: string): Promise<Uint8Array | null>;
  remove(keys: string[]): Promise<void>;
}

const KEY = /^(pictures|gpx|photos|recordings)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isStorageKey = (key: string) => KEY.test(key);
/** Files of these folders are never served by their plain URL, only by a signed, expiring one (signedReadUrl). */
export const isPrivateKey = (key: string) => key.startsWith('photos/') || key.startsWith('recordings/');

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * The embedded store: files under DATA_DIR/uploads, written by the server's own PUT route behind
 * an HMAC signature that binds the key, the content type, the size limit and the expiry.
 */
export function createLocalStorage(config: Pick<Config, 'dataDir' | 'keys'>) {
  const root = join(config.dataDir, 'uploads');
  const pathOf = (key: string) => join(root, key);
  // The caller's link base already applies PUBLIC_URL and the allowed hosts (http/link-base.ts).
  const base = (baseUrl: string) => baseUrl.replace(/\/$/, '');

  const keys = config.keys.uploadLinks;
  const putMessage = (key: string, contentType: string, maxSize: number, expires: number) =>
    `PUT\n${key}\n${contentType}\n${maxSize}\n${expires}`;
  const getMessage = (key: string, expires: number) => `GET\n${key}\n${expires}`;

  return {
    kind: 'local' as const,
    fileUrl: (key: string, baseUrl: string) => `${base(baseUrl)}/uploads/${key}`,
    keyOf(url: string, baseUrl: string) {
      if (originOf(url) !== originOf(base(baseUrl))) return null;
      const key = new URL(url).pathname.replace(/^\/uploads\//, '');
      return isStorageKey(key) ? key : null;
    },
    async presignPut({ key, contentType, size, expiresAt, baseUrl }: PresignInput) {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const query = new URLSearchParams({
        expires: String(expires),
        max: String(size),
        sig: ringSign(keys, putMessage(key, contentType, size, expires)),
      });
      return { url: `${base(baseUrl)}/uploads/${key}?${query}`, headers: { 'Content-Type': contentType } };
    },
    /** Whether a PUT carries this server's signature for exactly this key, type and limit. */
    verify(key: string, contentType: string, maxSize: number, expires: number, sig: string) {
      return ringMatches(keys, putMessage(key, contentType, maxSize, expires), sig);
    },
    async signedReadUrl(key: string, baseUrl: string, expiresAt: Date) {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const query = new URLSearchParams({ expires: String(expires), sig: ringSign(keys, getMessage(key, expires)) });
      return `${base(baseUrl)}/uploads/${key}?${query}`;
    },
    /** Whether a GET carries this server's read signature for this key and expiry (the expiry is the caller's check). */
    verifyRead: (key: string, expires: number, sig: string) => ringMatches(keys, getMessage(key, expires), sig),
    async put(key: string, bytes: Uint8Array) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside then renamed, so a reader never sees half a file.
      const partial = `${path}.${process.pid}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, path);
    },
    async get(key: string) {
      const path = pathOf(key);
      if (!existsSync(path)) return null;
      return new Uint8Array(await readFile(path));
    },
    stream: (key: string) => createReadStream(pathOf(key)),
    exists: (key: string) => existsSync(pathOf(key)),
    async remove(keys: string[]) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
  } satisfies FileStorage & Record<string, unknown>;
}

export type LocalStorage = ReturnType<typeof createLocalStorage>;

type S3Config = Pick<
  Config,
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_BUCKET'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_PUBLIC_URL'
  | 'S3_FORCE_PATH_STYLE'
>;

/**
 * Uploads land under this prefix and are never served from it (security review M10): the server reads
 * them, checks and re-encodes them, and writes the result to the served key. A PUT repeated through
 * the same presigned URL after that only lands in staging again. A lifecycle rule on the bucket should
 * delete `staging/` objects after a day (docs/operations.md).
 */
export const S3_STAGING_PREFIX = 'staging/';

/** Any S3-compatible store: the client PUTs straight to the bucket through a presigned URL. */
export function createS3Storage(config: S3Config & { S3_BUCKET: string }): FileStorage {
  const bucket = config.S3_BUCKET;
  const client = new S3Client({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials: { accessKeyId: config.S3_ACCESS_KEY_ID ?? '', secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '' },
    // Checksum headers in a presigned URL would have to be sent by the app too; most stores do not need them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const publicBase = (
    config.S3_PUBLIC_URL ??
    (config.S3_ENDPOINT
      ? `${config.S3_ENDPOINT.replace(/\/$/, '')}/${bucket}`
      : `https://${bucket}.s3.${config.S3_REGION}.amazonaws.com`)
  ).replace(/\/$/, '');

  return {
    kind: 's3',
    fileUrl: (key) => `${publicBase}/${key}`,
    keyOf(url) {
      if (!url.startsWith(`${publicBase}/`)) return null;
      const key = url.slice(publicBase.length + 1);
      return isStorageKey(key) ? key : null;
    },
    async presignPut({ key, contentType, size, expiresAt }) {
      const expiresIn = Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
      const command = new PutObjectCommand({
        Bucket: bucket,
        Key: `${S3_STAGING_PREFIX}${key}`,
        ContentType: contentType,
        ContentLength: size,
      });
      const url = await getSignedUrl(client, command, {
        expiresIn,
        signableHeaders: new Set(['content-type', 'content-length']),
      });
      return { url, headers: { 'Content-Type': contentType } };
    },
    async signedReadUrl(key, _baseUrl, expiresAt) {
      const expiresIn = Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
      return getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn });
    },
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          // Anything but a picture is downloaded, never rendered on the bucket's origin (review M10).
          ...(contentType.startsWith('image/') ? {} : { ContentDisposition: 'attachment' }),
        }),
      );
    },
    async takeUpload(key) {
      const staged = `${S3_STAGING_PREFIX}${key}`;
      const bytes = await this.get(staged);
      if (bytes) await this.remove([staged]);
      return bytes;
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return object.Body ? await object.Body.transformToByteArray() : null;
      } catch (err) {
        const name = (err as { name?: string }).name;
        if (name === 'NoSuchKey' || name === 'NotFound') return null;
        throw err;
      }
    },
    async remove(keys) {
      if (!keys.length) return;
      await client.send(
        new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
      );
    },
  };
}
