import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

const READY_WAIT_MS = 3000;
const retryStrategy = (attempt: number) => Math.min(attempt * 200, 2000);

/**
 * The Socket.IO adapter that fans events out across instances through Redis streams (which also
 * lets a reconnecting client recover what it missed, on any instance).
 *
 * A Redis outage must never stop an instance serving its own sockets:
 * - the publishing client fails fast instead of queueing, so a local broadcast is not held up
 *   (the cluster adapter delivers locally even when publishing fails);
 * - the clients the adapter duplicates to read the stream and subscribe wait for Redis instead,
 *   because the adapter's read loop retries at once on failure and would otherwise spin;
 * - commands the adapter fires without awaiting are given a catch, so they cannot become
 *   unhandled rejections, including the SUBSCRIBE still queued when an instance closes before
 *   Redis answered (ioredis then rejects it with "Connection is closed").
 */
export async function createRedisAdapter(url: string, product: string, log: FastifyBaseLogger) {
  const baseOptions: RedisOptions = { retryStrategy, connectionName: 'cordata-realtime' };
  const publisher = new Redis(url, { ...baseOptions, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  let lastWarning = 0;
  const warn = (err: Error) => {
    if (Date.now() - lastWarning < 30_000) return;
    lastWarning = Date.now();
    log.warn({ err: err.message }, 'realtime: Redis unavailable, serving local sockets only');
  };
  publisher.on('error', warn);

  const duplicates: Redis[] = [];
  publisher.duplicate = (override?: Partial<RedisOptions>) => {
    const client = new Redis(url, { ...baseOptions, maxRetriesPerRequest: null, ...override });
    client.on('error', warn);
    catchUnawaited(client, ['subscribe', 'ssubscribe'], warn);
    duplicates.push(client);
    return client;
  };
  catchUnawaited(publisher, ['set', 'publish'], warn);

  const ready = await Promise.race([
    new Promise<true>((resolve) => publisher.once('ready', () => resolve(true))),
    new Promise<false>((resolve) => setTimeout(resolve, READY_WAIT_MS, false).unref()),
  ]);
  if (!ready) log.warn('realtime: Redis not reachable at start; other instances will not see events until it is');

  return {
    adapter: createAdapter(publisher, {
      streamName: `${product}:realtime`,
      channelPrefix: `${product}:realtime`,
      sessionKeyPrefix: `${product}:realtime:session:`,
      maxLen: 100_000,
      onlyPlaintext: true,
    }),
    close() {
      publisher.disconnect();
      for (const client of duplicates) client.disconnect();
    },
  };
}

function catchUnawaited(
  client: Redis,
  commands: readonly ('set' | 'publish' | 'subscribe' | 'ssubscribe')[],
  warn: (err: Error) => void,
) {
  const commandsOf = client as unknown as Record<(typeof commands)[number], (...args: unknown[]) => Promise<unknown>>;
  for (const command of commands) {
    const original = commandsOf[command].bind(client);
    commandsOf[command] = (...args: unknown[]) =>
      original(...args).catch((err: Error) => {
        warn(err);
        return null;
      });
  }
}
