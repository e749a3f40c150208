import { loadConfig } from '../apps/server/src/config.ts';
import { startServer } from '../apps/server/src/server.ts';

/**
 * The whole server in-process for a benchmark, on 127.0.0.1 and a free port, warnings only; it reaches no public
 * routing or elevation service. `env` adds to that (the database, jobs, stand-ins).
 */
export function startBenchServer(env: Record<string, string | undefined>) {
  return startServer(
    loadConfig({
      NODE_ENV: 'development',
      ROUTER_KIND: 'none',
      ELEVATION_KIND: 'none',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    }),
  );
}
