import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { OFFLINE_MAP_STYLE, ROUTE_PROFILES, ROUTER_KINDS, type RouteProfile, type RouterKind } from '@cordata/contract';
import { z } from 'zod';
import { webDistDefault } from './paths.ts';
import { type ServerKeys, serverKeys } from './secrets.ts';

/**
 * The one place that reads the environment. Every variable is documented in docs/configuration.md.
 * A bad value stops the start with a message that names the variable.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const url = z.url();
const csv = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
);

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Cordata <no-reply@cordata.app>'),
  PUBLIC_URL: url.optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The master secret being rotated out: still accepted for sessions and links (docs/operations.md). */
  JWT_SECRET_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Seals the admins' TOTP secrets, apart from JWT_SECRET so that the master can rotate alone. */
  TOTP_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  PRODUCT_SLUG: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/)
    .default('cordata'),
  WEB_MODE: z.enum(['app', 'store']).default('app'),
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: csv.optional(),
  CSP_ORIGINS: csv.optional(),
  RATE_LIMITS: bool.default(true),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => parseTrustProxy(v, ctx)),
  ALLOWED_HOSTS: csv.optional(),
  SUPPORT_EMAIL: z.email().default('support@cordata.app'),
  APP_STORE_URL: url.default('https://apps.apple.com/app/cordata'),
  PLAY_STORE_URL: url.default('https://play.google.com/store/apps/details?id=app.cordata'),
  TAG_MANAGER_ANDROID_ID: z.string().optional(),
  TAG_MANAGER_IOS_ID: z.string().optional(),
  MAPS_KEY: z.string().optional(),
  /** A MapLibre style URL, or `offline` for the plain built-in style (tests pin it). Overrides the basemaps below. */
  MAP_STYLE_URL: z
    .string()
    .refine((v) => v === OFFLINE_MAP_STYLE || /^https?:\/\/[^/\s]+/.test(v), {
      message: 'must be offline or an http(s) URL of a MapLibre style',
    })
    .optional(),
  /** A Protomaps basemap (.pmtiles) the server serves itself with range requests (docs/maps.md). */
  MAP_PMTILES_PATH: z.string().optional(),
  /**
   * A Protomaps basemap (.pmtiles) on object storage or a CDN, read by the app straight from there with range
   * requests (docs/maps.md): no app machine holds the file. Instead of MAP_PMTILES_PATH.
   */
  MAP_PMTILES_URL: z
    .string()
    .regex(/^https?:\/\/[^/\s]+\/\S+$/, 'must be the http(s) URL of a .pmtiles file')
    .optional(),
  /** Where the Protomaps fonts and sprites are (basemaps-assets): with it the self-hosted map has labels. */
  MAP_ASSETS_URL: url.optional(),
  S3_ENDPOINT: url.optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: url.optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  GEOCODER_URL: url.optional(),
  /**
   * The elevation service (docs/maps.md): its base URL and the format it speaks. Both unset: Open-Meteo's public API
   * (outside tests); ELEVATION_KIND=none: elevation unknown.
   */
  ELEVATION_URL: url.optional(),
  ELEVATION_KIND: z.enum(['open-meteo', 'open-elevation', 'none']).optional(),
  ELEVATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(4000),
  FCM_PROJECT_ID: z.string().optional(),
  FCM_SERVICE_ACCOUNT_FILE: z.string().optional(),
  FCM_ACCESS_TOKEN: z.string().optional(),
  FCM_BASE_URL: url.default('https://fcm.googleapis.com'),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  WEB_PUSH_HOSTS: csv.optional(),
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(10_000),
  ADMIN_EMAIL: z.email().optional(),
  RELEASE_SIGNING_KEY: z.string().optional(),
  /** App Links: the SHA-256 fingerprints of the Android signing certificates (Play App Signing's first). */
  ANDROID_CERT_SHA256: csv
    .pipe(z.array(z.string().regex(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/i, 'must be SHA-256 fingerprints like AB:CD:…')))
    .optional(),
  /** Universal Links: the Apple developer team that signs the iOS app. */
  IOS_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character Apple team id')
    .optional(),
  /**
   * What this process does (docs/deploy.md): `all` (the quick start: HTTP, sockets and jobs), `web` (HTTP and sockets;
   * jobs off unless JOBS=true), `worker` (the jobs; HTTP for health and metrics only) or `migrate` (apply the
   * migrations and exit).
   */
  CORDATA_ROLE: z.enum(['all', 'web', 'worker', 'migrate']).default('all'),
  /** Unset: on, but for CORDATA_ROLE=web (a worker runs them). */
  JOBS: bool.optional(),
  /** How long a checked session is trusted without a database lookup (issue 17); 0 looks it up on every call. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  CHAT_CLOSING_EVERY_MS: z.coerce.number().int().min(100).default(60_000),
  CARPOOL_MAX_DETOUR_METRES: z.coerce.number().int().min(100).max(100_000).default(3000),
  LOGISTICS_JOBS_EVERY_MS: z.coerce.number().int().min(100).default(60_000),
  /**
   * How often the waitlist job looks for freed seats and run-out offers (docs/seats.md); a change that frees a seat
   * also serves its waitlist at once. At most 60 s: an offer must go out within a minute.
   */
  WAITLIST_JOB_EVERY_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  /** Route sites whose public routes may be fetched from a pasted link (each one's terms allow it). */
  ROUTE_IMPORT_SOURCES: csv
    .pipe(z.array(z.enum(['ridewithgps', 'waymarkedtrails'])))
    .default(['ridewithgps', 'waymarkedtrails']),
  ROUTE_IMPORT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  EXPORT_RETENTION_DAYS: z.coerce.number().int().min(1).max(30).default(7),
  /** How often the series job makes the dates of each series 12 weeks ahead (docs/series.md). */
  SERIES_JOB_EVERY_MS: z.coerce.number().int().min(100).default(3_600_000),
  ROUTE_IMPORT_RIDEWITHGPS_URL: url.optional(),
  ROUTE_IMPORT_WAYMARKEDTRAILS_URL: url.optional(),
  /**
   * The routing engine that snaps drawn legs to paths (docs/maps.md). Both unset: FOSSGIS's public Valhalla (outside
   * tests); ROUTER_KIND=none: drawn legs stay straight.
   */
  ROUTER_KIND: z.enum([...ROUTER_KINDS, 'none']).optional(),
  ROUTER_URL: url.optional(),
  /** The engine's key where it needs one (GraphHopper's hosted API: `key`; a Valhalla provider: `api_key`). */
  ROUTER_API_KEY: z.string().optional(),
  /** Engine profile names replacing the defaults, e.g. `HIKING=foot,MTB=mtb` (BRouter, GraphHopper, OSRM). */
  ROUTER_PROFILES: z
    .string()
    .optional()
    .transform((v, ctx) => parseRouterProfiles(v, ctx)),
  ROUTER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  /**
   * A forecast source speaking Open-Meteo's API (docs/weather.md): its base URL, below which `v1/forecast` is
   * asked. Unset, no forecast is shown and no weather alert is sent.
   */
  WEATHER_URL: url.optional(),
  /** The `apikey` of Open-Meteo's commercial API (customer-api.open-meteo.com); not needed when self-hosted. */
  WEATHER_API_KEY: z.string().min(1).optional(),
  WEATHER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** How long a grid cell's forecast is used before it is asked again. */
  WEATHER_CACHE_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  /** The credit shown under every forecast, as the source's terms ask. */
  WEATHER_ATTRIBUTION: z.string().min(1).max(200).default('Weather data by Open-Meteo.com (CC BY 4.0)'),
  /**
   * An Overpass API interpreter (docs/activities.md, "Suggested from OpenStreetMap"), e.g.
   * `http://127.0.0.1:12345/api/interpreter`: grades and hazards are suggested from the ways along a route. Unset,
   * no suggestion is made.
   */
  OVERPASS_URL: url.optional(),
  /** Deadline of one Overpass query, the whole answer; also sent as the query's own `[timeout:…]`. */
  OVERPASS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** The safety loop (docs/safety.md): minutes after the planned return before the group is told someone is not back. */
  SAFETY_ALERT_AFTER_MINUTES: z.coerce
    .number()
    .int()
    .min(15)
    .max(24 * 60)
    .default(60),
  /** Minutes after that alert before the emergency contacts of whoever is still not back are e-mailed. */
  SAFETY_CONTACTS_AFTER_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(30),
  /** Hours an emergency contact's no-login link works after it is sent. */
  SAFETY_LINK_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(14 * 24)
    .default(48),
  /** How often the escalation job runs; at most 5 minutes, so that each step fires within 5 minutes of its time. */
  SAFETY_JOB_EVERY_MS: z.coerce.number().int().min(100).max(300_000).default(60_000),
  /** The bearer token that opens /metrics (docs/operations.md, "Metrics"); unset, there is no /metrics. */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * OpenID Connect sign-in (docs/accounts.md): the providers' names, each configured by `OIDC_<NAME>_ISSUER`,
   * `_CLIENT_ID` and the optional `_CLIENT_SECRET`, `_SCOPES`, `_LABEL`, `_RESPONSE_MODE` (and Apple's key).
   */
  OIDC_PROVIDERS: csv
    .pipe(z.array(z.string().regex(/^[a-z][a-z0-9]{0,19}$/, 'names are lowercase letters and digits, e.g. keycloak')))
    .optional(),
  /** `off`: sign-in only through the OIDC providers; the password calls refuse with PASSWORD_SIGN_IN_OFF. */
  PASSWORD_SIGN_IN: z.enum(['on', 'off']).default('on'),
  /** How long the provider's keys (JWKS) and discovery document are trusted before they are asked again. */
  OIDC_CACHE_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  /** The shortest wait between two fetches of a provider's keys when tokens name a key it does not know. */
  OIDC_JWKS_COOLDOWN_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  OIDC_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  /**
   * Strava (issue 42, "Bring your watch"): the API application's id and secret (strava.com/settings/api), and the
   * token our webhook callback checks when Strava validates the subscription. All three or none; none, connecting
   * Strava is not offered.
   */
  STRAVA_CLIENT_ID: z
    .string()
    .regex(/^\d{1,12}$/, "must be the Strava application's numeric Client ID")
    .optional(),
  STRAVA_CLIENT_SECRET: z.string().min(1).max(200).optional(),
  STRAVA_WEBHOOK_VERIFY_TOKEN: z.string().min(16, 'must be at least 16 characters').max(200).optional(),
  /** Where Strava's OAuth pages and API are (`/oauth/…`, `/api/v3/…`); tests point it at a stand-in. */
  STRAVA_BASE_URL: url.default('https://www.strava.com'),
  /** Deadline of one request to Strava, the whole answer (an activity's streams included). */
  STRAVA_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
});

export type Env = z.infer<typeof EnvSchema>;

/**
 * The keyless public services used when ROUTER_KIND / ELEVATION_KIND are unset (docs/maps.md gives their terms), as
 * the basemap defaults to OpenFreeMap. Never in tests: NODE_ENV=test leaves both off.
 */
export const PUBLIC_ROUTER_URL = 'https://valhalla1.openstreetmap.de';
export const PUBLIC_ELEVATION_URL = 'https://api.open-meteo.com';

export interface Config
  extends Omit<
    Env,
    'JWT_SECRET' | 'JWT_SECRET_PREVIOUS' | 'TOTP_KEY' | 'RATE_LIMITS' | 'JOBS' | 'ROUTER_KIND' | 'ELEVATION_KIND'
  > {
  /** Unset when routing is off (ROUTER_KIND=none, or nothing set in tests); the same for ELEVATION_KIND. */
  ROUTER_KIND?: RouterKind;
  ELEVATION_KIND?: 'open-meteo' | 'open-elevation';
  /** Whether this process runs the background jobs. */
  JOBS: boolean;
  /** The OpenID Connect providers, in the order of OIDC_PROVIDERS; empty when none is configured. */
  oidc: OidcProviderConfig[];
  /** False with PASSWORD_SIGN_IN=off. */
  passwordSignIn: boolean;
  /** A key per purpose, derived from JWT_SECRET (secrets.ts); the secrets themselves are not kept. */
  keys: ServerKeys;
  rateLimits: boolean;
  /** The key that opens /dev/mailbox; null where the mailbox does not exist (SMTP set, or production). */
  mailboxKey: string | null;
  isProduction: boolean;
  dataDir: string;
  webDistDir: string;
  apiPrefix: string;
}

export class ConfigError extends Error {}

/** One OpenID Connect provider (OIDC_<NAME>_*), validated at start. */
export interface OidcProviderConfig {
  /** The lowercase name in OIDC_PROVIDERS: part of no URL, stored with each linked identity. */
  id: string;
  label: string;
  issuer: string;
  clientId: string;
  /** Unset for a public client (PKCE alone), or when Apple's key makes the secret. */
  clientSecret?: string;
  scopes: string[];
  /** `form_post` for Apple when it is asked for the name or e-mail scope; `query` otherwise. */
  responseMode: 'query' | 'form_post';
  /** Sign in with Apple: the client secret is a JWT signed with this key (ES256), made for each token request. */
  apple?: { teamId: string; keyId: string; privateKey: string };
}

/** Reads OIDC_<NAME>_* for each provider named in OIDC_PROVIDERS; a missing or bad value names its variable. */
export function parseOidcProviders(names: string[], env: Record<string, string | undefined>): OidcProviderConfig[] {
  const problems: string[] = [];
  const providers = names.map((id): OidcProviderConfig => {
    const key = (suffix: string) => `OIDC_${id.toUpperCase()}_${suffix}`;
    const read = (suffix: string) => {
      const v = env[key(suffix)]?.trim();
      return v ? v : undefined;
    };
    const issuer = read('ISSUER');
    const clientId = read('CLIENT_ID');
    if (!issuer) problems.push(`${key('ISSUER')}: required by OIDC_PROVIDERS (the provider's issuer URL)`);
    else if (!/^https?:\/\/[^/\s]+/.test(issuer) || /[?#]/.test(issuer)) {
      problems.push(`${key('ISSUER')}: must be the issuer's http(s) URL, without query or fragment`);
    } else if (issuer.startsWith('http:') && env.NODE_ENV === 'production') {
      problems.push(`${key('ISSUER')}: must be https in production`);
    }
    if (!clientId) problems.push(`${key('CLIENT_ID')}: required by OIDC_PROVIDERS`);
    const responseMode = read('RESPONSE_MODE') ?? 'query';
    if (responseMode !== 'query' && responseMode !== 'form_post') {
      problems.push(`${key('RESPONSE_MODE')}: must be query or form_post`);
    }
    const scopes = (read('SCOPES') ?? 'openid email profile').split(/[\s,]+/).filter(Boolean);
    if (!scopes.includes('openid')) scopes.unshift('openid');
    const label = read('LABEL') ?? id.charAt(0).toUpperCase() + id.slice(1);
    if (label.length > 40) problems.push(`${key('LABEL')}: at most 40 characters`);
    const teamId = read('APPLE_TEAM_ID');
    const keyId = read('APPLE_KEY_ID');
    const keyFile = read('APPLE_PRIVATE_KEY_FILE');
    let apple: OidcProviderConfig['apple'];
    if (teamId || keyId || keyFile) {
      if (!(teamId && keyId && keyFile)) {
        problems.push(
          `${key('APPLE_TEAM_ID')}, ${key('APPLE_KEY_ID')} and ${key('APPLE_PRIVATE_KEY_FILE')} go together`,
        );
      } else if (!isReadableFile(keyFile)) {
        problems.push(`${key('APPLE_PRIVATE_KEY_FILE')}: no readable file at ${keyFile}`);
      } else {
        apple = { teamId, keyId, privateKey: readFileSync(keyFile, 'utf8') };
      }
    }
    return {
      id,
      label,
      issuer: issuer ?? '',
      clientId: clientId ?? '',
      clientSecret: read('CLIENT_SECRET'),
      scopes,
      responseMode: responseMode as 'query' | 'form_post',
      apple,
    };
  });
  if (new Set(names).size !== names.length) problems.push('OIDC_PROVIDERS: a provider is named twice');
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return providers;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && !e.PUBLIC_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_URL is required when NODE_ENV=production: the public origin of the app (https://…), written into the links of e-mails and the URLs of pictures',
    );
  }
  if (e.S3_BUCKET && !(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  if (e.FCM_PROJECT_ID && !(e.FCM_SERVICE_ACCOUNT_FILE || e.FCM_ACCESS_TOKEN)) {
    throw new ConfigError(
      'Invalid configuration:\n  FCM_PROJECT_ID needs FCM_SERVICE_ACCOUNT_FILE or FCM_ACCESS_TOKEN',
    );
  }
  if (e.ROUTER_KIND === 'none' && e.ROUTER_URL) {
    throw new ConfigError('Invalid configuration:\n  ROUTER_KIND=none turns routing off: unset ROUTER_URL');
  }
  if (e.ELEVATION_KIND === 'none' && e.ELEVATION_URL) {
    throw new ConfigError('Invalid configuration:\n  ELEVATION_KIND=none turns elevation off: unset ELEVATION_URL');
  }
  if (e.ROUTER_KIND !== 'none' && Boolean(e.ROUTER_KIND) !== Boolean(e.ROUTER_URL)) {
    throw new ConfigError('Invalid configuration:\n  ROUTER_KIND and ROUTER_URL go together: set both, or neither');
  }
  if (
    e.ROUTER_KIND === 'graphhopper' &&
    e.ROUTER_URL &&
    /(^|\.)graphhopper\.com$/.test(new URL(e.ROUTER_URL).hostname)
  ) {
    if (!e.ROUTER_API_KEY)
      throw new ConfigError("Invalid configuration:\n  GraphHopper's hosted API needs ROUTER_API_KEY");
  }
  if (e.MAP_PMTILES_PATH && e.MAP_PMTILES_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  MAP_PMTILES_PATH and MAP_PMTILES_URL name the same basemap: set one',
    );
  }
  if (e.MAP_PMTILES_PATH && !isReadableFile(e.MAP_PMTILES_PATH)) {
    throw new ConfigError(`Invalid configuration:\n  MAP_PMTILES_PATH: no readable file at ${e.MAP_PMTILES_PATH}`);
  }
  if (e.ELEVATION_URL && !e.ELEVATION_KIND) {
    throw new ConfigError(
      'Invalid configuration:\n  ELEVATION_URL needs ELEVATION_KIND (open-meteo or open-elevation): the two speak different formats',
    );
  }
  if (e.ELEVATION_KIND && e.ELEVATION_KIND !== 'none' && !e.ELEVATION_URL) {
    throw new ConfigError('Invalid configuration:\n  ELEVATION_KIND needs ELEVATION_URL');
  }
  if (e.JWT_SECRET_PREVIOUS && !e.JWT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  JWT_SECRET_PREVIOUS needs JWT_SECRET, the secret that replaces it',
    );
  }
  if (e.JWT_SECRET_PREVIOUS && e.JWT_SECRET_PREVIOUS === e.JWT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  JWT_SECRET_PREVIOUS is JWT_SECRET: give the new secret in JWT_SECRET',
    );
  }
  if (e.TOTP_KEY && e.TOTP_KEY === e.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  TOTP_KEY must differ from JWT_SECRET, or it rotates with it');
  }
  checkStrava(e);
  checkRole(e);
  const oidc = parseOidcProviders(e.OIDC_PROVIDERS ?? [], blanksRemoved);
  if (e.PASSWORD_SIGN_IN === 'off' && oidc.length === 0) {
    throw new ConfigError('Invalid configuration:\n  PASSWORD_SIGN_IN=off needs OIDC_PROVIDERS: nobody could sign in');
  }
  const publicDefaults = e.NODE_ENV !== 'test';
  const router =
    e.ROUTER_KIND === 'none'
      ? { ROUTER_KIND: undefined, ROUTER_URL: undefined }
      : !e.ROUTER_KIND && publicDefaults
        ? { ROUTER_KIND: 'valhalla' as const, ROUTER_URL: PUBLIC_ROUTER_URL }
        : { ROUTER_KIND: e.ROUTER_KIND, ROUTER_URL: e.ROUTER_URL };
  const elevation =
    e.ELEVATION_KIND === 'none'
      ? { ELEVATION_KIND: undefined, ELEVATION_URL: undefined }
      : !e.ELEVATION_KIND && publicDefaults
        ? { ELEVATION_KIND: 'open-meteo' as const, ELEVATION_URL: PUBLIC_ELEVATION_URL }
        : { ELEVATION_KIND: e.ELEVATION_KIND, ELEVATION_URL: e.ELEVATION_URL };
  const dataDir = resolve(e.DATA_DIR);
  const { JWT_SECRET, JWT_SECRET_PREVIOUS, TOTP_KEY, RATE_LIMITS, ...rest } = e;
  const bytes = (secret: string | undefined) => (secret ? new TextEncoder().encode(secret) : null);
  return {
    ...rest,
    ...router,
    ...elevation,
    dataDir,
    webDistDir: resolve(e.WEB_DIST_DIR ?? webDistDefault),
    keys: serverKeys({
      master: bytes(JWT_SECRET ?? keptInDataDir(dataDir, 'jwt-secret', 48))!,
      previous: bytes(JWT_SECRET_PREVIOUS),
      totpKey: bytes(TOTP_KEY),
    }),
    rateLimits: RATE_LIMITS,
    JOBS: e.JOBS ?? e.CORDATA_ROLE !== 'web',
    oidc,
    passwordSignIn: e.PASSWORD_SIGN_IN === 'on',
    MAP_PMTILES_PATH: e.MAP_PMTILES_PATH && resolve(e.MAP_PMTILES_PATH),
    mailboxKey: e.SMTP_URL || isProduction ? null : keptInDataDir(dataDir, 'mailbox-key', 24),
    isProduction,
    apiPrefix: `/api/space/${e.PRODUCT_SLUG}/database`,
  };
}

const STRAVA_TOGETHER = ['STRAVA_CLIENT_ID', 'STRAVA_CLIENT_SECRET', 'STRAVA_WEBHOOK_VERIFY_TOKEN'] as const;

/** Half a Strava configuration would offer a connection that cannot finish (or a webhook nobody can validate). */
function checkStrava(e: Env) {
  const missing = STRAVA_TOGETHER.filter((name) => !e[name]);
  if (missing.length > 0 && missing.length < STRAVA_TOGETHER.length) {
    throw new ConfigError(
      `Invalid configuration:\n  ${STRAVA_TOGETHER.join(', ')} go together: set all three, or none (missing: ${missing.join(', ')})`,
    );
  }
  if (e.NODE_ENV === 'production' && new URL(e.STRAVA_BASE_URL).protocol !== 'https:') {
    throw new ConfigError('Invalid configuration:\n  STRAVA_BASE_URL: must be https in production');
  }
}

/** What the Strava adapter needs (modules/recordings/strava.ts), and the token the webhook's validation checks. */
export interface StravaConfig {
  clientId: string;
  clientSecret: string;
  /** STRAVA_BASE_URL: the origin of Strava's OAuth pages and API (a path prefix is kept). */
  baseUrl: string;
  timeoutMs: number;
  webhookVerifyToken: string;
}

/** Strava's settings, or null when Strava is not configured (none of the three variables set). */
export function stravaConfigOf(
  config: Pick<
    Config,
    | 'STRAVA_CLIENT_ID'
    | 'STRAVA_CLIENT_SECRET'
    | 'STRAVA_WEBHOOK_VERIFY_TOKEN'
    | 'STRAVA_BASE_URL'
    | 'STRAVA_TIMEOUT_MS'
  >,
): StravaConfig | null {
  const { STRAVA_CLIENT_ID: clientId, STRAVA_CLIENT_SECRET: clientSecret } = config;
  const webhookVerifyToken = config.STRAVA_WEBHOOK_VERIFY_TOKEN;
  if (!clientId || !clientSecret || !webhookVerifyToken) return null;
  return {
    clientId,
    clientSecret,
    baseUrl: config.STRAVA_BASE_URL,
    timeoutMs: config.STRAVA_TIMEOUT_MS,
    webhookVerifyToken,
  };
}

/**
 * Split roles share one PostgreSQL (PGlite is one process's own), and a worker's live events (notifications, seat
 * offers) reach the web instances' sockets only through Redis.
 */
function checkRole(e: Env) {
  const role = e.CORDATA_ROLE;
  if ((role === 'web' || role === 'worker') && !e.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  CORDATA_ROLE=${role} needs DATABASE_URL: the embedded database serves one process (use all)`,
    );
  }
  if (role === 'worker' && !e.REDIS_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  CORDATA_ROLE=worker needs REDIS_URL: the jobs' live events reach the web instances through it",
    );
  }
  if (role === 'worker' && e.JOBS === false) {
    throw new ConfigError(
      'Invalid configuration:\n  CORDATA_ROLE=worker runs the jobs: JOBS=false makes it do nothing',
    );
  }
}

function isReadableFile(path: string): boolean {
  try {
    accessSync(path, constants.R_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * A random secret generated on first start and kept in DATA_DIR, so it survives restarts: the JWT
 * secret when JWT_SECRET is unset, and the key of the dev mailbox.
 */
function keptInDataDir(dataDir: string, name: string, bytes: number): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(bytes).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * TRUST_PROXY: unset means no proxy is trusted, so X-Forwarded-For is ignored and the caller's
 * address is the socket's. A number trusts that many hops; a list trusts those addresses or CIDRs.
 * `true` (trust anyone) is refused: it would let every client choose its own address.
 */
function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): false | number | string[] {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const address = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(\/\d{1,3})?$/i;
  if (
    list.length === 0 ||
    !list.every((x) => address.test(x) || x === 'loopback' || x === 'linklocal' || x === 'uniquelocal')
  ) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be a hop count or a comma-separated list of proxy addresses or CIDRs (never true)',
    });
    return false;
  }
  return list;
}

/** ROUTER_PROFILES: `PROFILE=name` pairs, comma-separated, PROFILE one of HIKING, BIKE, ROAD_BIKE, MTB. */
function parseRouterProfiles(value: string | undefined, ctx: z.RefinementCtx): Partial<Record<RouteProfile, string>> {
  const names: Partial<Record<RouteProfile, string>> = {};
  if (!value) return names;
  for (const pair of value
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const [profile, name] = pair.split('=').map((x) => x.trim());
    if (!ROUTE_PROFILES.includes(profile as RouteProfile) || !name || !/^[\w.-]{1,60}$/.test(name)) {
      ctx.addIssue({
        code: 'custom',
        message: `"${pair}" is not PROFILE=name (PROFILE: ${ROUTE_PROFILES.join(', ')})`,
      });
      continue;
    }
    names[profile as RouteProfile] = name;
  }
  return names;
}
