/** The bare Fastify baseline for bench/load.ts: one route, no logging, same Node. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3000), host: '127.0.0.1' });
