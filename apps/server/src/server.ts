import Fastify from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { registerHealth } from './http/health.ts';
import { startJobs } from './jobs.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { Tokens } from './modules/auth/tokens.ts';
import { mailboxUrl } from './modules/mail/mailbox.routes.ts';

/**
 * A call's query that gets no answer in this time fails with a 503 instead of hanging. A failed
 * transaction waits once more for its rollback, so a call gives up after twice this at most.
 */
const QUERY_TIMEOUT_MS = 3000;

/** How long SIGTERM waits for the requests in flight before the process exits anyway (deploy/k8s waits longer). */
export const DRAIN_MS = 10_000;

const databaseOptions = (config: Config) => ({
  url: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : config.dataDir,
});

/** CORDATA_ROLE=migrate: applies the migrations (waiting for another instance's) and closes the database. */
export async function migrateOnly(config: Config) {
  const database = await openDatabase(databaseOptions(config));
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
}

/**
 * Opens the database, migrates it, builds the app and starts its jobs: what `npm start` runs. A worker
 * (CORDATA_ROLE=worker) runs the jobs and serves only its health and metrics on PORT.
 */
export async function startServer(config: Config) {
  const options = databaseOptions(config);
  let database = await openDatabase(options);
  await migrate(database);
  if (database.kind === 'postgres') {
    // Migrations (and waiting for another instance's) may take long; serving queries may not.
    await database.close();
    database = await openDatabase({ ...options, queryTimeoutMs: QUERY_TIMEOUT_MS });
  }
  const built = await buildApp({ config, database });
  await built.modules.onStart();
  if (config.CORDATA_ROLE !== 'worker') await warm(database, built.core.tokens, built.app.log);
  const stopJobs = config.JOBS ? startJobs(built.modules.jobs.map(built.metrics.measuredJob), built.app.log) : () => {};
  const served =
    config.CORDATA_ROLE === 'worker' ? healthOnly(built.app.log, database, built.metrics, config) : built.app;
  await served.listen({ port: config.PORT, host: config.HOST });
  if (config.mailboxKey && served === built.app) {
    const address = built.app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    // Plain lines, not JSON: the first thing a newcomer needs is where their sign-up code arrives.
    process.stdout.write(
      '\nMail is not sent (SMTP_URL is not set): sign-up codes and every other mail are in the dev mailbox,\n' +
        `${mailboxUrl(config, config.mailboxKey, port)}\n\n`,
    );
  }

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      stopJobs();
      if (served !== built.app) await served.close();
      await built.app.close();
      await database.close();
    })();
    return closing;
  };
  return { ...built, served, database, close };
}

/**
 * Before the instance listens (and so before its readiness probe passes), its pool is opened and the hot statements
 * prepared and planned on every connection (docs/performance-log.md, 29 November), and its session cache holds the
 * sessions used in the last minutes (30 November, 06:00 UTC), so the first calls after a start or a rolling restart
 * wait for neither. A failure here only costs that head start.
 */
async function warm(database: Database, tokens: Tokens, log: ReturnType<typeof Fastify>['log']) {
  const started = performance.now();
  try {
    const warmed = await database.warm?.();
    const sessions = await tokens.warmCache();
    log.info({ ...warmed, sessions, ms: Math.round(performance.now() - started) }, 'instance warmed');
  } catch (err) {
    log.warn({ err: err instanceof Error ? err.message : err }, 'warming the instance failed');
  }
}

/** A worker's HTTP: health for its probes, metrics for its jobs, nothing a client could call. */
function healthOnly(
  loggerInstance: ReturnType<typeof Fastify>['log'],
  database: Database,
  metrics: Metrics,
  config: Config,
) {
  const app = Fastify({ loggerInstance, forceCloseConnections: true });
  registerHealth(app, database);
  metrics.register(app, config.METRICS_TOKEN);
  return app;
}
