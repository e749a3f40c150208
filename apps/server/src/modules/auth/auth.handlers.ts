import type { CallName } from '@cordata/contract';
import { ApiError } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import type { AuthService } from './auth.service.ts';
import type { OidcService } from './oidc.service.ts';
import type { StepUp } from './step-up.ts';
import type { Tokens } from './tokens.ts';

/** The calls that take or send a password: refused with PASSWORD_SIGN_IN_OFF when PASSWORD_SIGN_IN=off. */
export const PASSWORD_CALLS = [
  'auth/email/sign-up',
  'auth/email/send-confirm-email-otp',
  'auth/email/confirm-email',
  'auth/email/sign-in',
  'auth/email/send-reset-password-otp',
  'auth/email/verify-password-otp',
  'auth/email/reset-password',
  'auth/email/confirm-change-password',
  'auth/reauthenticate',
] as const satisfies CallName[];

export const authHandlers = (
  auth: AuthService,
  oidc: OidcService,
  tokens: Pick<Tokens, 'revoke'>,
  stepUp: StepUp,
  passwordSignIn: boolean,
): Handlers => {
  const handlers: Handlers = {
    'auth/email/sign-up': ({ body, request }) => auth.signUp(body, request.ip),
    'auth/email/send-confirm-email-otp': ({ body, request }) => auth.sendConfirmEmailCode(body, request.ip),
    'auth/email/confirm-email': ({ body, request }) => auth.confirmEmail(body, request.ip),
    'auth/email/sign-in': ({ body, request }) => auth.signIn(body, request.ip),
    'auth/email/send-reset-password-otp': ({ body, request }) => auth.sendResetCode(body, request.ip),
    'auth/email/verify-password-otp': ({ body, request }) => auth.verifyResetCode(body, request.ip),
    'auth/email/reset-password': ({ body }) => auth.resetPassword(body),
    'auth/email/confirm-change-password': ({ body, user, request }) => auth.changePassword(body, user, request.ip),
    'auth/sign-out': async ({ user }) => {
      await tokens.revoke(user.sessionId);
      return { ok: true as const };
    },
    'auth/reauthenticate': async ({ body, user }) => {
      await stepUp.reauthenticate(user, body.password);
      return { ok: true as const };
    },
    'auth/totp/setup': ({ user }) => stepUp.setupTotp(user),
    'auth/totp/enable': async ({ body, user }) => {
      await stepUp.enableTotp(user, body.code);
      return { ok: true as const };
    },
    'auth/totp/verify': async ({ body, user }) => {
      await stepUp.verifyTotp(user, body.code);
      return { ok: true as const };
    },
    'auth/username-exists': ({ body, user }) => auth.usernameExists(body, user),
    'auth/create-profile': ({ body, user, baseUrl }) => auth.createProfile(body, user, baseUrl),
    'auth/sign-in-options': async () => oidc.signInOptions(),
    'auth/oidc/start': ({ body, request }) => oidc.start(body, request.ip),
    'auth/oidc/finish': ({ body, request }) => oidc.finish(body, request.ip),
    'auth/oidc/link-start': ({ body, user }) => oidc.linkStart(body, user),
    'auth/oidc/link-finish': ({ body, user }) => oidc.linkFinish(body, user),
    'auth/list-sign-in-methods': ({ user }) => oidc.listMethods(user),
    'auth/oidc/unlink': ({ body, user }) => oidc.unlink(body, user),
  };
  if (!passwordSignIn) {
    for (const name of PASSWORD_CALLS) {
      handlers[name] = async () => {
        throw new ApiError('PASSWORD_SIGN_IN_OFF');
      };
    }
  }
  return handlers;
};
