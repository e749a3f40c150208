import type { Core } from '../../core.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Module } from '../module.ts';
import type { SportsService } from '../sports/sports.service.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { authHandlers } from './auth.handlers.ts';
import { createAuthRepository } from './auth.repository.ts';
import { createAuthService } from './auth.service.ts';
import { createOidcRepository } from './oidc.repository.ts';
import { OIDC_CALLBACK_PATH, registerOidcCallback } from './oidc.routes.ts';
import { createOidcService } from './oidc.service.ts';
import { createOidcClient } from './oidc-client.ts';
import { createOtpCodes } from './otp-codes.ts';
import type { Passwords } from './passwords.ts';
import type { StepUp } from './step-up.ts';

/** Signing up, in and out: passwords, one-time codes, OpenID Connect providers, sessions, and the second factor. */
export function createAuthModule(
  core: Core,
  deps: {
    passwords: Passwords;
    stepUp: StepUp;
    mailer: Mailer;
    sports: SportsService;
    pictures: UploadsService;
    /** What goes when the password changes: a data export is bound to the password it was asked with (review L-N3). */
    onPasswordChanged: (userId: string) => Promise<void>;
  },
) {
  const repo = createAuthRepository(core.db);
  const auth = createAuthService({
    db: core.db,
    repo,
    otp: createOtpCodes({ db: core.db, key: core.config.keys.otp, now: core.now }),
    passwords: deps.passwords,
    tokens: core.tokens,
    mailer: deps.mailer,
    rateLimiter: core.rateLimiter,
    sports: deps.sports,
    pictures: deps.pictures,
    onPasswordChanged: deps.onPasswordChanged,
    now: core.now,
  });
  const origin = (core.config.PUBLIC_URL ?? `http://localhost:${core.config.PORT}`).replace(/\/$/, '');
  const oidc = createOidcService({
    db: core.db,
    repo: createOidcRepository(core.db),
    users: repo,
    clients: core.config.oidc.map((provider) =>
      createOidcClient(provider, {
        timeoutMs: core.config.OIDC_TIMEOUT_MS,
        cacheMinutes: core.config.OIDC_CACHE_MINUTES,
        jwksCooldownMs: core.config.OIDC_JWKS_COOLDOWN_SECONDS * 1000,
        now: core.now,
      }),
    ),
    passwordSignIn: core.config.passwordSignIn,
    redirectUri: `${origin}${OIDC_CALLBACK_PATH}`,
    tokens: core.tokens,
    stepUp: deps.stepUp,
    rateLimiter: core.rateLimiter,
    now: core.now,
  });
  return {
    handlers: authHandlers(auth, oidc, core.tokens, deps.stepUp, core.config.passwordSignIn),
    routes: core.config.oidc.length ? (app) => registerOidcCallback(app) : undefined,
    services: { auth, oidc },
  } satisfies Module;
}
