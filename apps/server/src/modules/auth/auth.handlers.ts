import type { Handlers } from '../../http/handlers.ts';
import type { AuthService } from './auth.service.ts';
import type { StepUp } from './step-up.ts';
import type { Tokens } from './tokens.ts';

export const authHandlers = (auth: AuthService, tokens: Pick<Tokens, 'revoke'>, stepUp: StepUp): Handlers => ({
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
});
