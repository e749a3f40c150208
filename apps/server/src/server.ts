import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { startJobs } from './jobs.ts';
import { mailboxUrl } from './modules/mail/mailbox.routes.ts';

/**
 * A call's query that gets no answer in this time fails with a 503 instead of hanging. A failed
 * transaction waits once more for its rollback, so a call gives up after twice this at most.
 */
const QUERY_TIMEOUT_MS = 3000;

/** Opens the database, migrates it, builds the app and starts its jobs: what `npm start` runs. */
export async function startServer(config: Config) {
  const options = { url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : config.dataDir };
  let database = await openDatabase(options);
  await migrate(database);
  if (database.kind === 'postgres') {
    // Migrations (and waiting for another instance's) may take long; serving queries may not.
    await database.close();
    database = await openDatabase({ ...options, queryTimeoutMs: QUERY_TIMEOUT_MS });
  }
  const built = await buildApp({ config, database });
  await built.modules.onStart();
  const stopJobs = config.JOBS ? startJobs(built.modules.jobs.map(built.metrics.measuredJob), built.app.log) : () => {};
  await built.app.listen({ port: config.PORT, host: config.HOST });
  if (config.mailboxKey) {
    const address = built.app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const origin = config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${port}`;
    built.app.log.info(`SMTP_URL is not set: mail stays in the outbox, at ${mailboxUrl(origin, config.mailboxKey)}`);
  }

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      stopJobs();
      await built.app.close();
      await database.close();
    })();
    return closing;
  };
  return { ...built, database, close };
}
