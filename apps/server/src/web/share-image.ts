import { FALLBACK_LANGUAGE, type Language, SUPPORTED_LANGUAGES } from '@cordata/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { ApiError } from '../http/errors.ts';
import { isUuid } from '../http/ids.ts';
import type { PrivacyTrim } from '../modules/privacy/privacy-trim.ts';
import { createShareRepository } from './share.repository.ts';
import { type ShareCard, shareCardPng } from './share-card.ts';
import { activityFacts, sportName } from './share-preview.ts';

type ShareCardDeps = { db: Db; privacy: Pick<PrivacyTrim, 'zonesFor'> };

/**
 * What the share card of an activity shows, for a visitor without an account: only an activity whose preview
 * outsiders may see (share.repository.ts), null for any other. Its words are in the language given.
 */
export function createShareCards(deps: ShareCardDeps) {
  const repo = createShareRepository(deps.db);
  return async function shareCard(id: string, language: Language = FALLBACK_LANGUAGE): Promise<ShareCard | null> {
    const row = await repo.findShareableActivityCard(id);
    if (!row) return null;
    // Nobody is signed in here: the organiser's privacy zones cut the line drawn (docs/privacy.md).
    const zones = await deps.privacy.zonesFor(null, [row.createdBy]);
    const pieces = zones.line(row.createdBy, row.routeSteps).pieces.map((piece) => piece.points);
    const facts = activityFacts({ ...row, sport: sportName(row.sportNames, language) }, language);
    return { name: row.name, ...facts, pieces, language };
  };
}

/**
 * The share card of link previews (og:image, issue 19; `routeImagePath`): name, day and time, sport, route and brand
 * (share-card.ts), without a token; anything but an activity outsiders may see is ACTIVITY_NOT_FOUND, as a missing one.
 * Its words are in the language of `?lang=` (the shared page's visitor's, share-tags.ts), else English: crawlers fetch
 * the picture with their own Accept-Language, if any.
 */
export function registerShareImages(app: FastifyInstance, deps: ShareCardDeps & { product: string }) {
  const shareCard = createShareCards(deps);
  app.get<{ Params: { file: string }; Querystring: { lang?: string } }>(
    `/api/space/${deps.product}/share/activities/:file`,
    { schema: { hide: true } },
    async (req, reply) => {
      const id = /^(.+)\.png$/.exec(req.params.file)?.[1];
      if (!id || !isUuid(id)) throw new ApiError('ACTIVITY_NOT_FOUND');
      const language = SUPPORTED_LANGUAGES.find((l) => l === req.query.lang) ?? FALLBACK_LANGUAGE;
      const card = await shareCard(id, language);
      if (!card) throw new ApiError('ACTIVITY_NOT_FOUND');
      return reply
        .type('image/png')
        .header('cache-control', 'public, max-age=3600')
        .send(await shareCardPng(card));
    },
  );
}
