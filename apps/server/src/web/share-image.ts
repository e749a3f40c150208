import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { ApiError } from '../http/errors.ts';
import { isUuid } from '../http/ids.ts';
import type { PrivacyTrim } from '../modules/privacy/privacy-trim.ts';
import { routeImage } from './route-image.ts';
import { createShareRepository } from './share.repository.ts';

/**
 * The route picture of link previews (og:image, issue 19; `routeImagePath`), without a token: only for an activity whose
 * preview outsiders may see (share-preview.ts); anything else is ACTIVITY_NOT_FOUND, as for a missing one.
 */
export function registerShareImages(
  app: FastifyInstance,
  deps: { db: Db; product: string; privacy: Pick<PrivacyTrim, 'zonesFor'> },
) {
  const repo = createShareRepository(deps.db);
  app.get<{ Params: { file: string } }>(
    `/api/space/${deps.product}/share/activities/:file`,
    { schema: { hide: true } },
    async (req, reply) => {
      const id = /^(.+)\.png$/.exec(req.params.file)?.[1];
      if (!id || !isUuid(id)) throw new ApiError('ACTIVITY_NOT_FOUND');
      const row = await repo.findShareableActivityRoute(id);
      if (!row) throw new ApiError('ACTIVITY_NOT_FOUND');
      // Nobody is signed in here: the organiser's privacy zones cut the line drawn (docs/privacy.md).
      const zones = await deps.privacy.zonesFor(null, [row.createdBy]);
      const pieces = zones.line(row.createdBy, row.routeSteps).pieces.map((piece) => piece.points);
      return reply
        .type('image/png')
        .header('cache-control', 'public, max-age=3600')
        .send(await routeImage(pieces));
    },
  );
}
