import type { FastifyInstance } from 'fastify';
import { parseWebhookEvent, verifySubscriptionChallenge } from './strava.ts';
import type { StravaLink } from './strava-link.ts';

/** Where Strava's consent page sends the person back: a page of the app (apps/web, StravaCallback) on PUBLIC_URL. */
export const STRAVA_CALLBACK_PATH = '/strava/callback';
/** The webhook's address, given to Strava when subscribing (scripts/strava-subscribe.ts, docs/recordings.md). */
export const STRAVA_WEBHOOK_PATH = '/strava/webhook';

/**
 * Strava's webhook: GET answers the subscription's challenge when the verify token is ours; POST takes an event.
 * Strava wants an answer within two seconds, so an event is only queued or applied to the database here: the
 * activity is fetched by the import job. Events of athletes nobody here connected are ignored.
 */
export function registerStravaWebhook(app: FastifyInstance, deps: { link: StravaLink; verifyToken: string }) {
  app.get(STRAVA_WEBHOOK_PATH, { schema: { hide: true } }, async (request, reply) => {
    const answer = verifySubscriptionChallenge(request.query, deps.verifyToken);
    if (!answer) return reply.code(403).send({ code: 'FORBIDDEN', message: 'Not a subscription of this server' });
    return answer;
  });
  app.post(STRAVA_WEBHOOK_PATH, { schema: { hide: true }, bodyLimit: 16 * 1024 }, async (request) => {
    const event = parseWebhookEvent(request.body);
    if (event) await deps.link.onEvent(event);
    return { ok: true };
  });
}
