import type { CallBody, RouteElevation } from '@cordata/contract';
import { pointsRouteDistance } from '@cordata/geo';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { createElevationProvider } from './elevation-provider.ts';
import { createRouteElevation } from './route-elevation.ts';

/** A person drawing a route asks again as they change it: generous, but a loop cannot flood the service. */
const LOOKUPS_PER_USER = { limit: 60, windowSeconds: 600 };

/**
 * The elevation service (ELEVATION_URL, ELEVATION_KIND) behind one adapter: routes saved without elevation of their
 * own are measured through `measure`, and the wizard previews a drawn line through route/elevation.
 */
export function createElevationService(
  config: Pick<Config, 'ELEVATION_URL' | 'ELEVATION_KIND' | 'ELEVATION_TIMEOUT_MS'>,
  deps: { rateLimiter?: Pick<RateLimiter, 'hit'>; log?: Pick<FastifyBaseLogger, 'warn'> },
) {
  const provider =
    config.ELEVATION_URL && config.ELEVATION_KIND
      ? createElevationProvider({
          kind: config.ELEVATION_KIND,
          baseUrl: config.ELEVATION_URL,
          timeoutMs: config.ELEVATION_TIMEOUT_MS,
        })
      : null;
  const measure = createRouteElevation({
    provider,
    onFailure: (error) =>
      deps.log?.warn({ reason: error.reason, detail: error.detail }, 'elevation service failed: elevation unknown'),
  });

  async function preview(userId: string, body: CallBody<'route/elevation'>): Promise<RouteElevation> {
    await deps.rateLimiter?.hit(`route-elevation:user:${userId}`, LOOKUPS_PER_USER);
    const figures = await measure(body.points);
    return { totalDistance: pointsRouteDistance(body.points), ...figures };
  }

  return { measure, preview };
}

export type ElevationService = ReturnType<typeof createElevationService>;
