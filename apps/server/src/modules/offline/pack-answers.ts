import { type CallName, calls } from '@cordata/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import { answerJson } from '../../http/serialize.ts';
import type { AuthUser } from '../auth/tokens.ts';
import { keepMarks } from '../privacy/viewer-mapped.ts';

/** Who asks, as the pack's own call was made. */
export interface Asker {
  user: AuthUser;
  request: FastifyRequest;
  baseUrl: string;
}

/**
 * Answers a call inside the server exactly as its route would: the body checked and completed by the call's schema
 * (its defaults), the same handler (so the same service, access and viewer-aware privacy), and the answer written by
 * the same serializer (undeclared fields dropped) and read back. A call that refuses (an ApiError: not found,
 * forbidden, …) is null: the pack leaves it out, as the page would show its refusal. Any other error is the server's
 * and goes up.
 */
export function createCallAnswerer(handlers: () => Handlers) {
  return async function answer(name: CallName, body: Record<string, unknown>, asker: Asker): Promise<unknown | null> {
    const handler = handlers()[name] as ((ctx: unknown) => Promise<unknown>) | undefined;
    const def = calls[name];
    if (!handler || !def.body) return null;
    const parsed = def.body.safeParse(body);
    if (!parsed.success) throw new Error(`The outing pack asks ${name} with a body its contract refuses`);
    try {
      const data = await handler({
        body: parsed.data,
        user: asker.user,
        request: asker.request,
        baseUrl: asker.baseUrl,
      });
      const response = JSON.parse(answerJson(def.response, data)) as unknown;
      keepMarks(data, response);
      return response;
    } catch (err) {
      if (err instanceof ApiError) return null;
      throw err;
    }
  };
}

export type CallAnswerer = ReturnType<typeof createCallAnswerer>;
