import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors.ts';
import type { LocalStorage } from './storage.ts';
import { isPrivateKey, isStorageKey } from './storage.ts';
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
      let cacheControl = 'public, max-age=31536000, immutable';
      if (isPrivateKey(key)) {
        // A recap photo: only through the signed address its album gave a participant, and only until it expires.
        const { expires, sig } = request.query as Record<string, string | undefined>;
        const expiresAt = Number(expires) * 1000;
        const signed = Number.isInteger(Number(expires)) && !!sig && deps.storage.verifyRead(key, Number(expires), sig);
        const left = expiresAt - deps.now().getTime();
        if (!signed || left <= 0) throw new ApiError('UPLOAD_NOT_FOUND');
        cacheControl = `private, max-age=${Math.floor(left / 1000)}`;
      }
      const upload = await deps.uploads.findByKey(key);
      // A removed file (a deleted photo) leaves its upload row behind.
      if (upload?.status !== 'READY' || !deps.storage.exists(key)) throw new ApiError('UPLOAD_NOT_FOUND');
      return (
        reply
          .type(upload.contentType)
          .header('cache-control', cacheControl)
          // The native app's pages live on another origin and must be able to show the pictures.
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('content-disposition', upload.purpose === 'GPX' ? 'attachment' : 'inline')
          .send(deps.storage.stream(key))
      );
    });
  });
}
