import { GPX_MAX_BYTES } from '@cordata/contract';
import { routeFileFormat } from '@cordata/geo';
import { ApiError } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { ROUTE_SOURCES, type RouteSource, routeLink, unsupported } from './sources.ts';

const IMPORTS_PER_USER_PER_HOUR = 60;

export interface RouteImportConfig {
  /** The sources allowed (ROUTE_IMPORT_SOURCES). */
  sources: RouteSource[];
  timeoutMs: number;
  /** Base URL per source; the production sites unless overridden (tests use a local stand-in). */
  baseUrls?: Partial<Record<RouteSource, string>>;
}

/**
 * Fetches a route from a public route site as GPX. The file is not parsed here: the app reads it in its
 * Web Worker like a dropped file, so no parser runs on the server's event loop. Only the head is checked
 * to be a route file, and the size is capped while reading.
 */
export function createRouteImportService(deps: { config: RouteImportConfig; rateLimiter?: Pick<RateLimiter, 'hit'> }) {
  const { config } = deps;

  async function importLink(url: string, userId: string) {
    const { source, gpxPath } = routeLink(url);
    if (!config.sources.includes(source)) throw unsupported(source);
    await deps.rateLimiter?.hit(`route-import:user:${userId}`, {
      limit: IMPORTS_PER_USER_PER_HOUR,
      windowSeconds: 3600,
    });
    const base = config.baseUrls?.[source] ?? ROUTE_SOURCES[source].baseUrl;
    const failed = (reason: string) => new ApiError('ROUTE_IMPORT_FAILED', { details: { source, reason } });
    let response: Response;
    try {
      response = await fetch(new URL(gpxPath, base), {
        headers: {
          accept: 'application/gpx+xml, application/xml;q=0.9, */*;q=0.1',
          'user-agent': 'Cordata route import',
        },
        signal: AbortSignal.timeout(config.timeoutMs),
        // The host allow-list checks only this URL: a redirect could point anywhere, internal hosts included.
        redirect: 'manual',
      });
    } catch (err) {
      throw failed((err as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable');
    }
    if (response.status === 404 || response.status === 410) throw failed('not-found');
    if (response.status === 401 || response.status === 403) throw failed('private');
    if (response.status >= 300 && response.status < 400) throw failed('redirect');
    if (!response.ok || !response.body) throw failed(`status-${response.status}`);
    const declared = Number(response.headers.get('content-length'));
    if (declared > GPX_MAX_BYTES) throw failed('too-large');

    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body) {
        size += chunk.byteLength;
        if (size > GPX_MAX_BYTES) throw failed('too-large');
        chunks.push(chunk);
      }
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw failed('timeout');
    }
    const bytes = Buffer.concat(chunks);
    if (routeFileFormat('', bytes.subarray(0, 4096)) !== 'gpx')
      throw new ApiError('GPX_INVALID', { details: { source } });
    const gpx = bytes.toString('utf8');
    const name = /<name>([^<]{1,200})<\/name>/.exec(gpx)?.[1]?.trim() ?? null;
    return {
      gpx,
      name,
      source,
      attribution:
        source === 'waymarkedtrails'
          ? 'Waymarked Trails, © OpenStreetMap contributors (ODbL)'
          : `${ROUTE_SOURCES[source].name}: ${url.slice(0, 300)}`,
    };
  }

  return { importLink };
}

export type RouteImportService = ReturnType<typeof createRouteImportService>;
