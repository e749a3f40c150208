import { ConfigError, loadConfig } from './config.ts';
import { DRAIN_MS, migrateOnly, startServer } from './server.ts';

try {
  const config = loadConfig();
  if (config.CORDATA_ROLE === 'migrate') {
    await migrateOnly(config);
    console.log('migrations applied');
    process.exit(0);
  }
  const server = await startServer(config);
  // One stray promise must not take every connection down with it: log it and keep serving.
  process.on('unhandledRejection', (reason) => {
    server.app.log.error(
      { err: reason instanceof Error ? { message: reason.message, stack: reason.stack } : reason },
      'unhandled rejection',
    );
  });
  const shutdown = (signal: string) => {
    server.app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), DRAIN_MS);
    force.unref();
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
}
