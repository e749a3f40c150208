import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors.ts';
import type { LocalStorage } from './storage.ts';
import { isStorageKey } from './storage.ts';
import type { UploadRow, UploadsRepository } from './uploads.repository.ts';
import type { UploadsService } from './uploads.service.ts';

const keyOf = (request: FastifyRequest) => {
  const { folder, id } = request.params as { folder: string; id: string };
  const key = `${folder}/${id}`;
  if (!isStorageKey(key)) throw new ApiError('UPLOAD_NOT_FOUND');
  return key;
};

/**
 * The embedded store's side of presigned uploads: `PUT /uploads/<key>?expires&max&sig` takes the
 * file, `GET /uploads/<key>` serves it back. Only registered when no S3 store is configured.
 */
export function registerUploads(
  app: FastifyInstance,
  deps: {
    storage: LocalStorage;
    uploads: Pick<UploadsRepository, 'findByKey'>;
    service: UploadsService;
    now: () => Date;
  },
) {
  const verified = new WeakMap<FastifyRequest, UploadRow>();

  app.register(async (scope) => {
    // The body is the file itself, of whatever type was signed; it is read here up to the signed size.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (request, payload, done) => {
      const limit = verified.get(request)?.maxSize ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      let finished = false;
      const finish = (err: Error | null, body?: Buffer) => {
        if (finished) return;
        finished = true;
        done(err, body);
      };
      payload.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) {
          finish(new ApiError('PAYLOAD_TOO_LARGE'));
          payload.resume();
          return;
        }
        if (!finished) chunks.push(chunk);
      });
      payload.on('end', () => finish(null, Buffer.concat(chunks)));
      payload.on('error', (err) => finish(err));
    });

    scope.put(
      '/uploads/:folder/:id',
      {
        schema: { hide: true },
        onRequest: async (request) => {
          const key = keyOf(request);
          const query = request.query as Record<string, string | undefined>;
          const expires = Number(query.expires);
          const max = Number(query.max);
          const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
          const signed =
            Number.isInteger(expires) &&
            Number.isInteger(max) &&
            typeof query.sig === 'string' &&
            deps.storage.verify(key, contentType, max, expires, query.sig);
          if (!signed) throw new ApiError('FORBIDDEN', { message: 'The upload link is not valid' });
          if (expires * 1000 < deps.now().getTime()) throw new ApiError('UPLOAD_EXPIRED');
          const upload = await deps.uploads.findByKey(key);
          if (!upload || upload.contentType !== contentType || upload.maxSize !== max) {
            throw new ApiError('FORBIDDEN', { message: 'The upload link is not valid' });
          }
          if (upload.status !== 'PENDING') {
            throw new ApiError('FORBIDDEN', { message: 'This upload link has already been used' });
          }
          const declared = Number(request.headers['content-length']);
          if (declared > max) throw new ApiError('PAYLOAD_TOO_LARGE');
          verified.set(request, upload);
        },
      },
      async (request, reply) => {
        const upload = verified.get(request)!;
        await deps.service.complete(upload, new Uint8Array((request.body as Buffer | undefined) ?? Buffer.alloc(0)));
        return reply.status(200).send({ ok: true });
      },
    );

    scope.get('/uploads/:folder/:id', { schema: { hide: true } }, async (request, reply) => {
      const key = keyOf(request);
      const upload = await deps.uploads.findByKey(key);
      if (upload?.status !== 'READY') throw new ApiError('UPLOAD_NOT_FOUND');
      return (
        reply
          .type(upload.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          // The native app's pages live on another origin and must be able to show the pictures.
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('content-disposition', upload.purpose === 'GPX' ? 'attachment' : 'inline')
          .send(deps.storage.stream(key))
      );
    });
  });
}
