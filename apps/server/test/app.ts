import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type CallInput,
  type CallName,
  type CallResponse,
  callPath,
  calls,
  declaresError,
  type ErrorBody,
} from '@cordata/contract';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createTestDatabase } from './database.ts';
import { assertNoOutsideServices } from './outside-hosts.ts';
import { checkViewerMapped } from './viewer-mapped-check.ts';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A call's `errors` are its promise to clients: every test that drives the API through `call` fails when a call
 * answers a code it does not declare (generic codes aside, see GENERIC_ERRORS), so the list cannot drift from what
 * the services throw. Fix it in the contract (declare the code) or in the service (throw the declared one).
 */
export function assertDeclared(name: CallName, answer: Partial<ErrorBody>) {
  const code = answer.error?.code;
  if (code && !declaresError(calls[name].errors, code)) {
    throw new Error(`${name} answered ${code}, which its contract does not declare (errors: ${calls[name].errors})`);
  }
}

/**
 * The whole app on a fresh database, driven through HTTP injection. One per test file: opening a
 * database costs far more than a test.
 */
export async function createTestApp(env: Record<string, string> = {}, options: { now?: () => Date } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cordata-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    JOBS: 'false',
    // On by default in every mode; the rate-limit tests turn them on again.
    RATE_LIMITS: 'false',
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    // No outside service, whatever NODE_ENV a test asks for; a test of routing or elevation sets its stand-in.
    ROUTER_KIND: 'none',
    ELEVATION_KIND: 'none',
    // Tests write the database behind the app's back and expect its very next call to see it. PGlite tells the
    // session cache before the write returns; PostgreSQL's notice comes a moment later, so on PostgreSQL only
    // the tests that pass SESSION_CACHE_MS (and the several-instance ones) run with the cache.
    ...(process.env.TEST_DATABASE_URL ? { SESSION_CACHE_MS: '0' } : {}),
    ...env,
  });
  const database = await createTestDatabase();
  assertNoOutsideServices(config);
  const built = await buildApp({ config, database, logger: false, now: options.now });
  // Issue 36: a place in an answer that no viewer-aware mapper built fails the test that called it.
  const unmapped: string[] = [];
  checkViewerMapped(built.app, config.apiPrefix, (call, paths) => unmapped.push(`${call}: ${paths.join('; ')}`));
  await built.modules.onStart();
  await built.app.ready();

  /** Calls the API as a client would; `token` signs the call in. */
  async function call<K extends CallName>(name: K, body?: CallInput<K>, token?: string) {
    const response = await built.app.inject({
      method: 'POST',
      url: callPath(name, config.PRODUCT_SLUG),
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      payload: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const answer = response.json() as CallResponse<K> & Partial<ErrorBody>;
    assertDeclared(name, answer);
    if (unmapped.length > 0) {
      throw new Error(`places built outside a viewer-aware mapper (privacy/viewer-mapped.ts): ${unmapped.join(' | ')}`);
    }
    return { status: response.statusCode, body: answer, headers: response.headers };
  }

  /** Like call, but fails the test unless the answer is a 200. */
  async function ok<K extends CallName>(name: K, body?: CallInput<K>, token?: string): Promise<CallResponse<K>> {
    const res = await call(name, body, token);
    if (res.status !== 200) throw new Error(`${name} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async function close() {
    await built.app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  return { ...built, config, database, db: database.db, call, ok, close };
}
