import type { CallBody, CallName, CallResponse, Calls } from '@cordata/contract';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../modules/auth/tokens.ts';

export interface CallContext<K extends CallName> {
  body: CallBody<K>;
  /** The caller, on every call that needs a token. */
  user: Calls[K]['auth'] extends true ? AuthUser : null;
  request: FastifyRequest;
  /** The origin for links made in this call (see link-base.ts): never taken blindly from a header. */
  baseUrl: string;
}

export type Handler<K extends CallName> = (ctx: CallContext<K>) => Promise<CallResponse<K>>;

/** What a domain module answers; the calls it leaves out answer 501 until their module lands. */
export type Handlers = { [K in CallName]?: Handler<K> };

/**
 * The handlers of a contract namespace (`typeof carpoolCalls`, …), each call answered: a module types its
 * handlers with it, so a call added to its contract file fails the typecheck until the module answers it.
 */
export type HandlersOf<C> = { [K in keyof C & CallName]: Handler<K> };
