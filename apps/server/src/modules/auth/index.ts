import type { Core } from '../../core.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Module } from '../module.ts';
import type { SportsService } from '../sports/sports.service.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { authHandlers } from './auth.handlers.ts';
import { createAuthRepository } from './auth.repository.ts';
import { createAuthService } from './auth.service.ts';
import { createOtpCodes } from './otp-codes.ts';
import type { Passwords } from './passwords.ts';
import type { StepUp } from './step-up.ts';

/** Signing up, in and out: passwords, one-time codes, sessions, and the second factor (step-up.ts). */
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
  const auth = createAuthService({
    db: core.db,
    repo: createAuthRepository(core.db),
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
  return { handlers: authHandlers(auth, core.tokens, deps.stepUp), services: { auth } } satisfies Module;
}
