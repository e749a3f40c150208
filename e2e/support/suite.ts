import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

/**
 * The server and the browser of a journey file: started before its tests, stopped after them. The app is
 * the web build (E2E_WEB_DIST_DIR when set); `env` adds to the server's environment.
 */
export function journeySuite(env: Record<string, string> = {}) {
  const suite = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    suite.server = await startServer({
      webMode: 'app',
      env: { ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}), ...env },
    });
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}
