import { APP_VERSION, BODY_LIMIT_BYTES } from '@cordata/contract';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Config } from './config.ts';
import type { Core } from './core.ts';
import type { Database } from './db/client.ts';
import { ApiError, handleError } from './http/errors.ts';
import { registerHealth } from './http/health.ts';
import { createLinkBase } from './http/link-base.ts';
import { safeError } from './http/log-safety.ts';
import { errorBodyComponent, genericErrorsNote, withDeclaredErrors } from './http/openapi-errors.ts';
import { createRateLimiter } from './http/rate-limit.ts';
import { registerCalls } from './http/routes.ts';
import { createSerializerCompiler } from './http/serialize.ts';
import { createMetrics } from './metrics/metrics.ts';
import { createSessionCache } from './modules/auth/session-cache.ts';
import { createTokens, type SessionRow } from './modules/auth/tokens.ts';
import { registerBasemapFile } from './modules/maps/basemap.routes.ts';
import { basemapUrls, chooseBasemap } from './modules/maps/basemap.ts';
import { registerReleases } from './modules/releases/releases.routes.ts';
import { createModules } from './modules.ts';
import { createRealtimeServer } from './realtime/realtime.ts';
import { registerAppLinks } from './web/app-links.ts';
import { createSharePreview } from './web/share-preview.ts';
import { registerWeb } from './web/web.ts';

/** How often an instance writes down which sessions it served (tokens.recordUse): what the next start warms. */
const SESSION_USE_EVERY_MS = 60_000;

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  now?: () => Date;
}

/** Origins allowed to call the API: the app's own, the Capacitor shells and CORS_ORIGINS. */
export function allowedOrigin(config: Config) {
  const allowed = new Set(['capacitor://localhost', 'ionic://localhost', 'http://localhost', 'https://localhost']);
  if (config.PUBLIC_URL) allowed.add(new URL(config.PUBLIC_URL).origin);
  for (const origin of config.CORS_ORIGINS ?? []) allowed.add(origin);
  return (origin: string) => allowed.has(origin);
}

/** Never log what a person typed or who they are: only the route, status and timing. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.code', '*.email'],
      remove: true,
    },
    serializers: {
      req: (req) => ({ method: req.method, url: req.routeOptions?.url ?? req.url.split('?')[0], id: req.id }),
      res: (res) => ({ statusCode: res.statusCode }),
      err: (err) => safeError(err) as { type: string; message: string; stack: string },
    },
  };
}

export async function buildApp(options: AppOptions) {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustedProxies(config.TRUST_PROXY),
    // Per-request lines cost throughput; production logs only warnings and errors of requests.
    logController: new LogController({ disableRequestLogging: config.isProduction }),
    forceCloseConnections: true,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Bodies are validated by zod; answers are written from the contract's JSON schema (http/serialize.ts),
  // and zod-checked too under test, so the whole suite checks every answer against the contract.
  app.setSerializerCompiler(createSerializerCompiler({ check: config.NODE_ENV === 'test' }));
  app.setErrorHandler(handleError);

  // An empty body is "no body": body calls answer BODY_REQUIRED, the others ignore it.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (String(body).trim() === '') return done(null, undefined);
    parseJson(request, body as string, (err, parsed) => {
      if (err) return done(err, undefined);
      // PostgreSQL text cannot hold NUL: refuse it here once, for every call, instead of failing in a query.
      if (containsNul(parsed)) {
        return done(new ApiError('VALIDATION_ERROR', { message: 'Text cannot contain a NUL character' }), undefined);
      }
      done(null, parsed);
    });
  });

  const isAllowedOrigin = allowedOrigin(config);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, !origin || isAllowedOrigin(origin)),
    methods: ['GET', 'POST', 'PUT'],
    maxAge: 600,
  });
  const tagManager = Boolean(config.TAG_MANAGER_ANDROID_ID || config.TAG_MANAGER_IOS_ID);
  // The security headers are computed once: @fastify/helmet built the middleware, and so parsed every CSP
  // directive, on each request (2.4 % of the server's busy CPU in issue 17's profile).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Where the tag manager is configured (spec §9), the entry page adds a nonce and 'strict-dynamic'
        // (web.ts): its origin is never allowed as such, since anyone can publish a container there (L6).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Named origins only, never any https: host (review L6): map style and tiles, the file store.
        imgSrc: ["'self'", 'data:', 'blob:', ...browserOrigins(config)],
        connectSrc: ["'self'", ...browserOrigins(config), ...(tagManager ? TAG_MANAGER_CONNECT : [])],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.isProduction,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Cordata API',
        version: APP_VERSION,
        description: `Every product call is a POST with a JSON body. An error answers an ErrorBody. ${genericErrorsNote}`,
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        schemas: { ErrorBody: errorBodyComponent },
      },
    },
    transform: withDeclaredErrors(jsonSchemaTransform),
    hideUntagged: true,
  });
  // The API browser shows every call, the admin ones included: not in production (review L6).
  if (!config.isProduction) await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const now = options.now ?? (() => new Date());
  const sessionCache = config.SESSION_CACHE_MS
    ? createSessionCache<SessionRow>({ now: () => now().getTime(), ttlMs: config.SESSION_CACHE_MS })
    : undefined;
  const stopFollowingSessions = (await sessionCache?.follow(database)) ?? (() => {});
  const tokens = createTokens({ db: database.db, keys: config.keys.sessions, now, cache: sessionCache });
  const recordSessionUse = () =>
    tokens.recordUse().catch((err) => app.log.warn({ err }, 'writing down when sessions were used failed'));
  const sessionUseTimer = setInterval(recordSessionUse, SESSION_USE_EVERY_MS).unref();
  const {
    io,
    realtime,
    close: closeRealtime,
  } = await createRealtimeServer(app.server, {
    product: config.PRODUCT_SLUG,
    tokens,
    db: database.db,
    log: app.log,
    corsOrigins: isAllowedOrigin,
    redisUrl: config.REDIS_URL,
    now,
  });
  const core: Core = {
    config,
    database,
    db: database.db,
    log: app.log,
    tokens,
    rateLimiter: createRateLimiter({ db: database.db, enabled: config.rateLimits }),
    realtime,
    now,
  };
  const modules = createModules(core);
  const metrics = createMetrics({ database, apiPrefix: config.apiPrefix, now });
  metrics.countSocketsWith(() => io.engine.clientsCount);
  modules.services.seats.onOfferLatency(metrics.seatOfferLatency);
  metrics.register(app, config.METRICS_TOKEN);

  registerHealth(app, database);

  registerCalls(app, config.apiPrefix, modules.handlers, {
    tokens,
    linkBase: createLinkBase(config),
    rateLimiter: core.rateLimiter,
  });
  modules.registerRoutes(app);
  await registerReleases(app, core);
  registerAppLinks(app, config);
  if (config.MAP_PMTILES_PATH) registerBasemapFile(app, config.MAP_PMTILES_PATH);
  await registerWeb(app, config, { nonces: tagManager, sharePreview: createSharePreview(database.db) });

  app.addHook('onClose', async () => {
    clearInterval(sessionUseTimer);
    await recordSessionUse();
    stopFollowingSessions();
    await closeRealtime();
    await modules.close();
  });

  return { app, core, io, modules, metrics };
}

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, v]) => key.includes('\0') || containsNul(v));
  }
  return false;
}

/** Fastify's types omit the hop count that its runtime accepts: trust the first `hops` proxies. */
function trustedProxies(setting: Config['TRUST_PROXY']) {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  return (_address: string, hop: number) => hop < hops;
}

const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';
const TAG_MANAGER_CONNECT = [TAG_MANAGER_ORIGIN, 'https://www.google-analytics.com', 'https://*.google-analytics.com'];

/**
 * The outside origins the app's pages load from: the basemap's (OpenFreeMap's when nothing is configured), the
 * file store, and what CSP_ORIGINS adds. A style that loads tiles from further hosts needs them in CSP_ORIGINS.
 */
function browserOrigins(config: Config): string[] {
  const origins = [
    ...basemapUrls(chooseBasemap(config)),
    config.S3_PUBLIC_URL,
    config.S3_ENDPOINT,
    ...(config.CSP_ORIGINS ?? []),
  ]
    .filter((value): value is string => Boolean(value))
    .map((value) => {
      try {
        return new URL(value).origin;
      } catch {
        return null;
      }
    })
    .filter((origin): origin is string => origin !== null && origin !== 'null');
  return [...new Set(origins)];
}
