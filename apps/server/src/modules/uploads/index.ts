import type { Core } from '../../core.ts';
import type { Module } from '../module.ts';
import { createLocalStorage, createS3Storage } from './storage.ts';
import { uploadsHandlers } from './uploads.handlers.ts';
import { createUploadsRepository } from './uploads.repository.ts';
import { registerUploads } from './uploads.routes.ts';
import { createUploadsService } from './uploads.service.ts';

/** Uploaded files (pictures, GPX): in the embedded disk store, or in S3 when S3_BUCKET is set. */
export function createUploadsModule(core: Core) {
  const { S3_BUCKET } = core.config;
  const localStorage = S3_BUCKET ? null : createLocalStorage(core.config);
  const storage = S3_BUCKET ? createS3Storage({ ...core.config, S3_BUCKET }) : localStorage!;
  const repository = createUploadsRepository(core.db);
  const uploads = createUploadsService({ uploads: repository, storage, rateLimiter: core.rateLimiter, now: core.now });
  return {
    handlers: uploadsHandlers(uploads),
    // The disk store serves its files itself; S3 serves them from the bucket.
    routes: (app) => {
      if (localStorage)
        registerUploads(app, { storage: localStorage, uploads: repository, service: uploads, now: core.now });
    },
    services: { uploads, storage },
  } satisfies Module;
}
