import { type CallName, callNames, calls } from '@cordata/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Tokens } from '../modules/auth/tokens.ts';
import { ApiError } from './errors.ts';
import type { Handlers } from './handlers.ts';
import type { LinkBase } from './link-base.ts';
import type { RateLimiter, RateRule } from './rate-limit.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: import('../modules/auth/tokens.ts').AuthUser | null;
  }
}

/** The bearer guard: a valid, unrevoked token of a live, unsuspended account, on every protected call. */
export function bearerGuard(tokens: Tokens) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const user = token ? await tokens.verify(token) : null;
    if (!user) throw new ApiError('UNAUTHORIZED');
    request.user = user;
  };
}

/**
 * What a signed-in person may call before completing the profile (review M11): the profile wizard
 * (which proves the minimum age of spec §5), their own account, and leaving. Everything else answers
 * 403 PROFILE_INCOMPLETE, so nobody acts in the app without a name and a checked birth date.
 */
export const CALLS_BEFORE_PROFILE: ReadonlySet<CallName> = new Set<CallName>([
  'auth/create-profile',
  'auth/username-exists',
  'auth/email/confirm-change-password',
  'auth/sign-out',
  'auth/reauthenticate',
  'auth/totp/setup',
  'auth/totp/enable',
  'auth/totp/verify',
  'user/own-profile',
  'user/delete-account',
  'user/update-notification-token',
  'user/last-online-at',
  'sport/list-all',
  'upload/get-upload-url',
]);

/** Registers every call of the contract, each a POST under the prefix with its schemas. */
const perMinute = (limit: number): RateRule => ({ limit, windowSeconds: 60 });
const perHour = (limit: number): RateRule => ({ limit, windowSeconds: 3600 });

/**
 * Per-person budgets on the calls that cost the database most or reach other people (security
 * review M4, M8, L3): searches, and requests that notify someone. Generous for a person, tight for
 * a script; the answer past them is 429 RATE_LIMITED.
 */
export const PER_PERSON_LIMITS: Partial<Record<CallName, RateRule>> = {
  'user/explore-contacts': perMinute(60),
  'group/explore-groups': perMinute(60),
  'activity/nearby-activities': perMinute(120),
  'user/request-connection': perHour(60),
  'activity/request-access': perHour(60),
  'group/request-access': perHour(60),
  'activity/participate': perHour(120),
  'group/participate': perHour(120),
  // Each may carry a 5 MB route file to parse and store (review M5).
  'activity/create-new': perHour(30),
  'activity/update-existing': perHour(60),
  // Carpool figures are coarse and measured from what each driver may see (review H-N1); the budget bounds how many
  // a person can collect all the same. A real carpool needs a handful of changes and a few dozen looks an hour.
  'carpool/list': perHour(120),
  'carpool/offer-seats': perHour(20),
  'carpool/request-ride': perHour(20),
  'carpool/withdraw-offer': perHour(20),
  'carpool/cancel-request': perHour(20),
  'carpool/accept-request': perHour(60),
  'carpool/decline-request': perHour(60),
  // Each may re-write a 5 MB route file in the exports' worker (review M-N1).
  'route/export-gpx': perHour(30),
  // Queued events (issue 38): a phone sends its queue, and what it carries for others, when the network returns; each
  // event of up to 50 costs a signature check. A new key on every start of the app is far below this.
  'safety/deliver-queued': perMinute(60),
  'safety/register-device-key': perHour(30),
};

export function registerCalls(
  app: FastifyInstance,
  prefix: string,
  handlers: Handlers,
  deps: { tokens: Tokens; linkBase: LinkBase; rateLimiter: Pick<RateLimiter, 'hit'> },
) {
  const { tokens, linkBase } = deps;
  app.decorateRequest('user', null);
  const guard = bearerGuard(tokens);
  for (const name of callNames) {
    const def = calls[name];
    const handler = handlers[name] as ((ctx: unknown) => Promise<unknown>) | undefined;
    app.route({
      method: 'POST',
      url: `${prefix}/${name}`,
      ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
      schema: {
        summary: def.summary,
        tags: [name.split('/')[0]!],
        ...(def.body ? { body: def.body } : {}),
        response: { 200: def.response },
        ...(def.auth ? { security: [{ bearer: [] }] } : {}),
      },
      // The token is checked first, before the body is even parsed.
      onRequest: def.auth
        ? async (request, reply) => {
            await guard(request, reply);
            if (!request.user!.completed && !CALLS_BEFORE_PROFILE.has(name)) throw new ApiError('PROFILE_INCOMPLETE');
            const budget = PER_PERSON_LIMITS[name];
            if (budget) await deps.rateLimiter.hit(`call:${name}:${request.user!.userId}`, budget);
          }
        : undefined,
      // Runs before validation: a body call without a body is a 400 of its own.
      preValidation: def.body
        ? async (request) => {
            if (request.body === undefined || request.body === null) throw new ApiError('BODY_REQUIRED');
          }
        : undefined,
      handler: async (request) => {
        if (!handler) throw new ApiError('NOT_IMPLEMENTED');
        return handler({
          body: def.body ? request.body : undefined,
          user: request.user,
          request,
          baseUrl: linkBase(request),
        });
      },
    });
  }
}

export const implementedCalls = (handlers: Handlers) => callNames.filter((n: CallName) => handlers[n] !== undefined);
