import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import type { Tokens } from './modules/auth/tokens.ts';
import type { Realtime } from './realtime/realtime.ts';

/** The shared infrastructure every module may take from; modules take only what they use. */
export interface Core {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  tokens: Tokens;
  rateLimiter: RateLimiter;
  realtime: Realtime;
  now: () => Date;
}
