import type { FastifyInstance } from 'fastify';
import { ApiError, errorBody } from '../../http/errors.ts';
import type { Access } from '../access/access.ts';
import { sendPmtilesFile } from '../maps/basemap.routes.ts';
import type { PackCutter } from '../maps/pack-cut.ts';
import { PACK_TILES_PREFIX, type PackLinks } from './pack-link.ts';

/**
 * The outing pack's basemap cut, by its signed link (pack-link.ts), with byte ranges and the headers of the basemap
 * itself. A link that is tampered with, expired, or whose cut is gone answers 404 with a body that says so; so does
 * one whose person no longer takes part in the activity (left, removed, or blocked out since it was signed).
 */
export function registerPackTiles(
  app: FastifyInstance,
  deps: { links: PackLinks; cutter: PackCutter | null; access: Access; now: () => Date },
) {
  app.route({
    method: ['GET', 'HEAD'],
    url: `${PACK_TILES_PREFIX}:file`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const { file } = request.params as { file: string };
      const verdict = deps.links.verify(file);
      if (!verdict.ok) {
        const message =
          verdict.reason === 'expired'
            ? 'This map download link has expired: save the outing pack again'
            : 'This map download link is not valid';
        return reply.status(404).send(errorBody('NOT_FOUND', message));
      }
      const { activityId, userId } = verdict.claims;
      try {
        await deps.access.require('activity', activityId, userId, { as: 'participant' });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return reply.status(404).send(errorBody('NOT_FOUND', 'This map is only for the people taking part'));
      }
      const path = deps.cutter?.pathOf(verdict.claims.cutKey) ?? null;
      if (!path) {
        return reply
          .status(404)
          .send(errorBody('NOT_FOUND', 'This map is no longer on the server: save the outing pack again'));
      }
      const seconds = Math.max(0, Math.floor((verdict.claims.expiresAt.getTime() - deps.now().getTime()) / 1000));
      return sendPmtilesFile(request, reply, path, {
        cacheControl: `private, max-age=${seconds}`,
        missing: 'This map is no longer on the server: save the outing pack again',
      });
    },
  });
}
