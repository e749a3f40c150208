import {
  type AdminCallBody,
  type AdminCallName,
  type AdminCallResponse,
  adminCallNames,
  adminCalls,
} from '@cordata/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors.ts';
import { bearerGuard } from '../../http/routes.ts';
import type { StepUp } from '../auth/step-up.ts';
import type { AuthUser, Tokens } from '../auth/tokens.ts';

export interface AdminCallContext<K extends AdminCallName> {
  body: AdminCallBody<K>;
  user: AuthUser;
  request: FastifyRequest;
}
export type AdminHandlers = {
  [K in AdminCallName]: (ctx: AdminCallContext<K>) => Promise<AdminCallResponse<K>>;
};

const rank = { USER: 0, MODERATOR: 1, ADMIN: 2 } as const;

/** Registers the admin API: the bearer guard of the product calls, then the least role each call needs. */
export function registerAdminCalls(
  app: FastifyInstance,
  prefix: string,
  handlers: AdminHandlers,
  tokens: Tokens,
  stepUp: Pick<StepUp, 'assertSecondFactor'>,
) {
  const guard = bearerGuard(tokens);
  for (const name of adminCallNames) {
    const def = adminCalls[name];
    const handler = handlers[name] as (ctx: unknown) => Promise<unknown>;
    app.route({
      method: 'POST',
      url: `${prefix}/${name}`,
      schema: {
        summary: def.summary,
        description: `Needs the ${def.role} role or higher.`,
        tags: [`admin/${name.split('/')[0]}`],
        ...(def.body ? { body: def.body } : {}),
        response: { 200: def.response },
        security: [{ bearer: [] }],
      },
      onRequest: async (request, reply) => {
        await guard(request, reply);
        if (rank[request.user!.role] < rank[def.role]) {
          throw new ApiError('FORBIDDEN', {
            message: def.role === 'ADMIN' ? 'Only admins can do this' : 'Only moderators and admins can do this',
          });
        }
        // Staff sign in with a second factor before any admin call (ASVS V6.3.3).
        stepUp.assertSecondFactor(request.user!);
      },
      preValidation: def.body
        ? async (request) => {
            if (request.body === undefined || request.body === null) throw new ApiError('BODY_REQUIRED');
          }
        : undefined,
      handler: (request) => handler({ body: def.body ? request.body : undefined, user: request.user, request }),
    });
  }
}
