import { APP_VERSION } from '@cordata/contract';
import type { FastifyInstance } from 'fastify';
import { type Database, ping } from '../db/client.ts';

/**
 * `/livez`: the process answers (a liveness probe: restarting it would not help while only the database is down).
 * `/healthz`: and its database answers (readiness: send it traffic); 503 while the database does not.
 */
export function registerHealth(app: FastifyInstance, database: Database) {
  app.get('/livez', { schema: { hide: true } }, async () => ({ status: 'ok', version: APP_VERSION }));
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await ping(database);
      return { status: 'ok', version: APP_VERSION };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
