import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Gender, Id, IsoDateTime, Language, Ok, Place, Role, UserSport } from '../common.ts';
import { BirthDate, Email, OtpCode, Password, PersonName, Username } from '../rules.ts';

export const OwnUser = z.object({
  userId: Id,
  email: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  birthDate: z.string().nullable(),
  phone: z.string().nullable(),
  gender: Gender.nullable(),
  profilePicture: z.string().nullable(),
  sports: z.array(UserSport),
  /**
   * The levels of the pace groups the person is in (issue 40, docs/groups.md): partner fit goes by them in a sport
   * they declared no level for, as the "fits me" filter does.
   */
  paceGroupLevels: z.array(UserSport.extend({ subgroupName: z.string() })),
  language: Language,
  role: Role,
  completed: z.boolean(),
  lastOnlineAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
});
export type OwnUser = z.infer<typeof OwnUser>;

export const Session = z.object({ jwt: z.string(), completed: z.boolean() });

export const ProfileFields = z.object({
  firstName: PersonName,
  lastName: PersonName,
  username: Username,
  birthDate: BirthDate,
  gender: Gender,
  country: z.string().trim().min(1).max(80),
  city: z.string().trim().min(1).max(80),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a valid phone number')
    .optional(),
  profilePicture: z.string().max(500).nullable().optional(),
  home: Place.optional(),
  language: Language.optional(),
});

/** The sign-in providers this server offers (OIDC_PROVIDERS) and whether passwords are accepted. */
export const SignInOptions = z.object({
  passwordSignIn: z.boolean(),
  providers: z.array(z.object({ id: z.string(), label: z.string() })),
});
export type SignInOptions = z.infer<typeof SignInOptions>;

const ProviderId = z.string().trim().min(1).max(20);
/** What the app keeps while the person is at the provider and hands back to finish: it ties the answer to this app. */
const Binding = z.string().min(20).max(100);
const OidcStarted = z.object({ url: z.string(), binding: z.string() });
const OidcReturn = z.object({
  state: z.string().min(1).max(200),
  code: z.string().min(1).max(2000),
  binding: Binding,
});

export const authCalls = {
  'auth/sign-in-options': defineCall({
    auth: false,
    summary: 'The OpenID Connect providers offered on the entry screen, and whether the password form is shown',
    body: null,
    response: SignInOptions,
  }),
  'auth/oidc/start': defineCall({
    auth: false,
    summary:
      "Start signing in (or up) with a provider: the provider's authorization URL (PKCE S256, state, nonce) and the binding the app keeps until it finishes",
    body: z.object({
      provider: ProviderId,
      acceptTerms: z.literal(true, { message: 'Accept the terms and the privacy policy' }),
      acceptPrivacy: z.literal(true, { message: 'Accept the terms and the privacy policy' }),
      language: Language.optional(),
    }),
    response: OidcStarted,
    errors: ['OIDC_PROVIDER_UNKNOWN', 'OIDC_PROVIDER_UNAVAILABLE'],
  }),
  'auth/oidc/finish': defineCall({
    auth: false,
    summary:
      "Finish signing in with the provider's answer (code and state) and the binding: a session. A new account still completes its profile (completed: false)",
    body: OidcReturn,
    response: Session,
    errors: [
      'OIDC_STATE_INVALID',
      'OIDC_FAILED',
      'OIDC_PROVIDER_UNAVAILABLE',
      'OIDC_EMAIL_UNVERIFIED',
      'ACCOUNT_SUSPENDED',
      'EMAIL_TAKEN',
    ],
  }),
  'auth/oidc/link-start': defineCall({
    auth: true,
    summary:
      "Start linking a provider to the caller's account (Settings), or (purpose reauthenticate) signing in again with a linked one before a sensitive call",
    body: z.object({ provider: ProviderId, purpose: z.enum(['link', 'reauthenticate']).optional() }),
    response: OidcStarted,
    errors: ['OIDC_PROVIDER_UNKNOWN', 'OIDC_PROVIDER_UNAVAILABLE', 'OIDC_ALREADY_LINKED'],
  }),
  'auth/oidc/link-finish': defineCall({
    auth: true,
    summary:
      "Finish linking with the provider's answer: the identity (provider, sub) becomes a way into this account; for reauthenticate, it must be the one already linked, and the session counts as reauthenticated",
    body: OidcReturn,
    response: Ok,
    errors: [
      'OIDC_STATE_INVALID',
      'OIDC_FAILED',
      'OIDC_PROVIDER_UNAVAILABLE',
      'OIDC_IDENTITY_TAKEN',
      'OIDC_ALREADY_LINKED',
    ],
  }),
  'auth/list-sign-in-methods': defineCall({
    auth: true,
    summary: "The caller's ways in: the password (when set and accepted here) and the linked providers",
    body: null,
    response: z.object({
      password: z.boolean(),
      identities: z.array(
        z.object({ provider: z.string(), label: z.string(), email: z.string().nullable(), linkedAt: IsoDateTime }),
      ),
    }),
  }),
  'auth/oidc/unlink': defineCall({
    auth: true,
    summary: 'Unlink a provider; refused when it is the last way in',
    body: z.object({ provider: ProviderId }),
    response: Ok,
    errors: ['NOT_FOUND', 'LAST_SIGN_IN_METHOD'],
  }),

  'auth/email/sign-up': defineCall({
    auth: false,
    summary: 'Create an account and e-mail a 6-digit confirmation code',
    body: z.object({
      email: Email,
      password: Password,
      acceptTerms: z.literal(true, { message: 'Accept the terms and the privacy policy' }),
      acceptPrivacy: z.literal(true, { message: 'Accept the terms and the privacy policy' }),
      language: Language.optional(),
    }),
    response: Ok,
    errors: ['PASSWORD_SIGN_IN_OFF', 'EMAIL_TAKEN', 'WEAK_PASSWORD', 'PASSWORD_TOO_COMMON', 'RATE_LIMITED'],
  }),
  'auth/email/send-confirm-email-otp': defineCall({
    auth: false,
    summary: 'Send the confirmation code again (at most once a minute)',
    body: z.object({ email: Email }),
    response: Ok,
    errors: ['PASSWORD_SIGN_IN_OFF', 'RATE_LIMITED'],
  }),
  'auth/email/confirm-email': defineCall({
    auth: false,
    summary:
      "Confirm the e-mail address with its code and sign in. The password, when given, becomes the account's at this moment; it is required after a second sign-up on the same unconfirmed address.",
    body: z.object({ email: Email, code: OtpCode, password: z.string().min(1).max(128).optional() }),
    response: Session,
    errors: [
      'PASSWORD_SIGN_IN_OFF',
      'OTP_MISMATCH',
      'OTP_EXPIRED',
      'PASSWORD_REQUIRED',
      'WEAK_PASSWORD',
      'PASSWORD_TOO_COMMON',
      'RATE_LIMITED',
    ],
  }),
  'auth/email/sign-in': defineCall({
    auth: false,
    summary: 'Sign in with e-mail and password',
    body: z.object({
      email: Email,
      password: z.string().min(1).max(128),
      /** The e-mailed code, asked for (SIGN_IN_CODE_REQUIRED) while the account is being guessed at. */
      code: OtpCode.optional(),
    }),
    response: Session,
    errors: [
      'PASSWORD_SIGN_IN_OFF',
      'INVALID_CREDENTIALS',
      'EMAIL_NOT_CONFIRMED',
      'ACCOUNT_SUSPENDED',
      'RATE_LIMITED',
      'SIGN_IN_CODE_REQUIRED',
      'OTP_MISMATCH',
      'OTP_EXPIRED',
    ],
  }),
  'auth/email/send-reset-password-otp': defineCall({
    auth: false,
    summary: 'E-mail a code to reset the password',
    body: z.object({ email: Email }),
    response: Ok,
    errors: ['PASSWORD_SIGN_IN_OFF', 'EMAIL_NOT_FOUND', 'RATE_LIMITED'],
  }),
  'auth/email/verify-password-otp': defineCall({
    auth: false,
    summary: 'Exchange a reset code for a short-lived reset token',
    body: z.object({ email: Email, code: OtpCode }),
    response: z.object({ resetToken: z.string() }),
    errors: ['PASSWORD_SIGN_IN_OFF', 'OTP_MISMATCH', 'OTP_EXPIRED', 'RATE_LIMITED'],
  }),
  'auth/email/reset-password': defineCall({
    auth: false,
    summary: 'Set a new password with a reset token; ends every session',
    body: z.object({ resetToken: z.string().min(1).max(2000), password: Password }),
    response: Ok,
    errors: ['PASSWORD_SIGN_IN_OFF', 'RESET_TOKEN_INVALID', 'WEAK_PASSWORD', 'PASSWORD_TOO_COMMON'],
  }),
  'auth/email/confirm-change-password': defineCall({
    auth: true,
    summary: 'Change the password while signed in; ends every other session',
    body: z.object({ currentPassword: z.string().min(1).max(128), password: Password }),
    response: Ok,
    errors: ['PASSWORD_SIGN_IN_OFF', 'INVALID_CREDENTIALS', 'WEAK_PASSWORD', 'PASSWORD_TOO_COMMON'],
  }),
  'auth/sign-out': defineCall({
    auth: true,
    summary: "Sign out: ends the caller's session and removes the push token its device registered",
    body: null,
    response: Ok,
  }),
  'auth/reauthenticate': defineCall({
    auth: true,
    summary: 'Enter the password again: opens the sensitive calls of this session (deleting the account) for 5 minutes',
    body: z.object({ password: z.string().min(1).max(128) }),
    response: Ok,
    errors: ['PASSWORD_SIGN_IN_OFF', 'INVALID_CREDENTIALS', 'RATE_LIMITED'],
  }),
  'auth/totp/setup': defineCall({
    auth: true,
    summary: 'Admins and moderators: a new authenticator secret, enabled once a code proves it',
    body: null,
    response: z.object({ secret: z.string(), uri: z.string() }),
    errors: ['FORBIDDEN', 'TOTP_ALREADY_ENABLED'],
  }),
  'auth/totp/enable': defineCall({
    auth: true,
    summary: 'Turn two-factor sign-in on with a code from the authenticator; this session counts as verified',
    body: z.object({ code: OtpCode }),
    response: Ok,
    errors: ['TOTP_INVALID', 'TOTP_ALREADY_ENABLED', 'RATE_LIMITED'],
  }),
  'auth/totp/verify': defineCall({
    auth: true,
    summary: 'The second factor for this session (needed for the admin calls)',
    body: z.object({ code: OtpCode }),
    response: Ok,
    errors: ['TOTP_INVALID', 'TOTP_NOT_ENABLED', 'RATE_LIMITED'],
  }),
  'auth/username-exists': defineCall({
    auth: true,
    summary: 'Whether a username is taken (case-insensitive)',
    body: z.object({ username: z.string().trim().min(1).max(30) }),
    response: z.object({ exists: z.boolean() }),
  }),
  'auth/create-profile': defineCall({
    auth: true,
    summary: 'Complete the profile after sign-up',
    body: ProfileFields.extend({ sports: z.array(UserSport).min(1, 'Choose at least one sport').max(30) }),
    response: z.object({ user: OwnUser }),
    errors: ['USERNAME_TAKEN', 'SPORT_NOT_FOUND', 'UPLOAD_INVALID', 'UPLOAD_NOT_FOUND'],
  }),
};
