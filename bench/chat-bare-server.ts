/**
 * A bare Socket.IO server for bench/chat.ts: the same transport and Redis streams adapter as the API's realtime
 * server (which has no connection-state recovery, review M1), but no token, no database, nothing stored: a client's `bench`
 * event is broadcast to its room as it is. Run by the bench, one process per instance.
 */
import { createServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import { createRedisAdapter } from '../apps/server/src/realtime/redis.ts';

const port = Number(process.argv[2]);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = { warn: (...args: unknown[]) => console.warn(...args) } as unknown as FastifyBaseLogger;

const httpServer = createServer();
const redis = await createRedisAdapter(redisUrl, 'cordata-bench-bare', log);
const io = new Server(httpServer, {
  path: '/bare',
  transports: ['websocket'],
  serveClient: false,
  adapter: redis.adapter,
});
io.on('connection', (socket) => {
  const room = socket.handshake.query.room;
  if (typeof room === 'string' && room) void socket.join(room);
  socket.on('bench', (payload: { room: string }) => io.to(payload.room).emit('message', payload));
});
httpServer.listen(port, '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => {
  void io.close();
  redis.close();
  process.exit(0);
});
