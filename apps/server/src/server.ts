import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { startJobs } from './jobs.ts';

/** Opens the database, migrates it, builds the app and starts its jobs: what `npm start` runs. */
export async function startServer(config: Config) {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : config.dataDir,
  });
  await migrate(database);
  const built = await buildApp({ config, database });
  await built.modules.onStart();
  const stopJobs = config.JOBS ? startJobs(built.modules.jobs, built.app.log) : () => {};
  await built.app.listen({ port: config.PORT, host: config.HOST });

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
