import { createReadStream, statSync } from 'node:fs';
import { BASEMAP_PMTILES_PATH } from '@cordata/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../../http/errors.ts';
import { parseByteRange } from './byte-range.ts';

/** Tiles change when the operator replaces the file: a day of caching, then a revalidation by ETag. */
const CACHE_CONTROL = 'public, max-age=86400';

/**
 * Serves the operator's Protomaps basemap (MAP_PMTILES_PATH) at one fixed path, with HTTP range requests: the
 * app's map reads the header, directories and tiles it needs, never the whole file. The file is looked up
 * on each request (cheap), so replacing it takes effect at once; its size and time make the ETag, which
 * PMTiles readers compare between requests to notice a replaced archive.
 */
export function registerBasemapFile(app: FastifyInstance, file: string) {
  app.route({
    method: ['GET', 'HEAD'],
    url: BASEMAP_PMTILES_PATH,
    schema: { hide: true },
    handler: (request, reply) =>
      sendPmtilesFile(request, reply, file, { cacheControl: CACHE_CONTROL, missing: 'The basemap is not available' }),
  });
}

/**
 * Sends a .pmtiles file with byte ranges (byte-range.ts), an ETag of its size and time, If-Range and If-None-Match:
 * the basemap, and the outing pack's cut (modules/offline/pack.routes.ts).
 */
export async function sendPmtilesFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
  options: { cacheControl: string; missing: string },
) {
  let size: number;
  let modified: Date;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new Error('not a file');
    size = stat.size;
    modified = stat.mtime;
  } catch (err) {
    request.log.warn({ err }, 'a .pmtiles file cannot be read');
    return reply.status(404).send(errorBody('NOT_FOUND', options.missing));
  }
  const etag = `"${size.toString(36)}-${Math.floor(modified.getTime()).toString(36)}"`;
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', modified.toUTCString())
    .header('cache-control', options.cacheControl)
    .header('access-control-expose-headers', 'accept-ranges, content-length, content-range, etag')
    .type('application/vnd.pmtiles');

  // A range only applies to the version the client has (If-Range); a stale one gets the whole file.
  const ifRange = request.headers['if-range'];
  const rangeHeader = ifRange === undefined || ifRange === etag ? request.headers.range : undefined;
  const range = parseByteRange(rangeHeader, size);

  if (range.kind === 'unsatisfiable') {
    return reply
      .status(416)
      .header('content-range', `bytes */${size}`)
      .type('application/json; charset=utf-8')
      .send(errorBody('RANGE_NOT_SATISFIABLE'));
  }
  if (range.kind === 'whole' && request.headers['if-none-match'] === etag) {
    return reply.status(304).send();
  }
  const start = range.kind === 'partial' ? range.start : 0;
  const end = range.kind === 'partial' ? range.end : size - 1;
  const length = size === 0 ? 0 : end - start + 1;
  if (range.kind === 'partial') reply.status(206).header('content-range', `bytes ${start}-${end}/${size}`);
  reply.header('content-length', length);
  if (request.method === 'HEAD' || length === 0) return reply.send();
  return reply.send(createReadStream(file, { start, end }));
}
