import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { freshDatabase } from './postgres.ts';
import { type RunningServer, startServer } from './server.ts';

/**
 * The server and the browser of a journey file: started before its tests, stopped after them. The app is
 * the web build (E2E_WEB_DIST_DIR when set); `env` adds to the server's environment. With `database`, the server
 * runs on a fresh PostgreSQL database of that name (`suite.database`, for journeys that move times in it),
 * dropped after the tests.
 */
export function journeySuite(env: Record<string, string> = {}, options: { database?: string } = {}) {
  const suite = {} as {
    server: RunningServer;
    browser: Browser;
    database: Awaited<ReturnType<typeof freshDatabase>>;
  };
  beforeAll(async () => {
    if (options.database) suite.database = await freshDatabase(options.database);
    suite.server = await startServer({
      webMode: 'app',
      env: {
        ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
        ...(suite.database ? { DATABASE_URL: suite.database.url } : {}),
        ...env,
      },
    });
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
    await suite.database?.drop();
  });
  return suite;
}
