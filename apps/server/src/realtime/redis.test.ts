import { createServer as createHttpServer } from 'node:http';
import { createServer, type Socket } from 'node:net';
import pino from 'pino';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import { createRedisAdapter } from './redis.ts';

describe('the Redis adapter shutting down', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  // A Redis that accepts connections and never answers: the adapter's clients stay "connecting",
  // so the commands it fired without awaiting (SUBSCRIBE) are still queued when the instance closes.
  it('closes while Redis has not answered yet without an unhandled rejection', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => {
      for (const socket of sockets) socket.destroy();
      silent.close();
    });
    const { port } = silent.address() as { port: number };

    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    cleanups.push(() => process.off('unhandledRejection', onRejection));

    const redis = await createRedisAdapter(`redis://127.0.0.1:${port}`, 'test', pino({ level: 'silent' }));
    const io = new Server(createHttpServer(), { adapter: redis.adapter });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sockets.length).toBeGreaterThanOrEqual(2);
    await io.close();
    redis.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(rejections).toEqual([]);
  }, 10_000);
});
