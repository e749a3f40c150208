import { createHash, timingSafeEqual } from 'node:crypto';
import { type CallBody, Email, type Language, PRIVACY_VERSION, TERMS_VERSION } from '@cordata/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { RateLimiter, RateRule } from '../../http/rate-limit.ts';
import type { AuthRepository, UserRow } from './auth.repository.ts';
import type { OidcLoginRow, OidcRepository } from './oidc.repository.ts';
import { type IdentityClaims, type OidcClient, randomToken } from './oidc-client.ts';
import type { StepUp } from './step-up.ts';
import type { AuthUser, Tokens } from './tokens.ts';

/** How long a started sign-in may take at the provider before its state is refused. */
export const OIDC_LOGIN_TTL_MS = 10 * 60 * 1000;
const START_RULE: RateRule = { limit: 30, windowSeconds: 15 * 60 };
const FINISH_RULE: RateRule = { limit: 30, windowSeconds: 15 * 60 };

const hash = (s: string) => createHash('sha256').update(s).digest('base64url');
const sameHash = (given: string, stored: string) => timingSafeEqual(Buffer.from(hash(given)), Buffer.from(stored));

export interface OidcServiceDeps {
  db: Db;
  repo: OidcRepository;
  users: Pick<AuthRepository, 'findByEmail' | 'findById' | 'insertUser' | 'dropPendingPassword' | 'confirmEmail'>;
  /** One adapter per configured provider, in the order of OIDC_PROVIDERS. */
  clients: OidcClient[];
  passwordSignIn: boolean;
  /** Where the provider sends the person back: PUBLIC_URL's /auth/callback (a page of the app). */
  redirectUri: string;
  tokens: Pick<Tokens, 'issue'>;
  stepUp: Pick<StepUp, 'markReauthenticated'>;
  rateLimiter: Pick<RateLimiter, 'hit'>;
  now: () => Date;
}

/**
 * Single sign-on with OpenID Connect (docs/accounts.md): starting at a provider, finishing with its answer, and the
 * identities linked to an account. An identity is (provider, sub); an e-mail finds an existing account only when the
 * provider marks it verified, and an unverified one never makes or takes an account.
 */
export function createOidcService(deps: OidcServiceDeps) {
  const { repo, now } = deps;
  const byId = new Map(deps.clients.map((c) => [c.provider.id, c]));
  const labelOf = (provider: string) => byId.get(provider)?.provider.label ?? provider;

  function client(provider: string) {
    const found = byId.get(provider);
    if (!found) throw new ApiError('OIDC_PROVIDER_UNKNOWN');
    return found;
  }

  async function begin(provider: string, intent: OidcLoginRow['intent'], userId: string | null, language: Language) {
    const c = client(provider);
    const state = randomToken();
    const binding = randomToken();
    const nonce = randomToken();
    const codeVerifier = randomToken();
    const url = await c.authorizationUrl({ redirectUri: deps.redirectUri, state, nonce, codeVerifier });
    const at = now();
    await repo.deleteLoginsBefore(new Date(at.getTime() - OIDC_LOGIN_TTL_MS));
    await repo.insertLogin({
      stateHash: hash(state),
      bindingHash: hash(binding),
      provider,
      intent,
      userId,
      codeVerifier,
      nonce,
      language,
      expiresAt: new Date(at.getTime() + OIDC_LOGIN_TTL_MS),
    });
    return { url, binding };
  }

  /** The started sign-in of this answer, taken once, in time, by the app that started it; then the provider's word. */
  async function complete(body: CallBody<'auth/oidc/finish'>, intents: OidcLoginRow['intent'][]) {
    const login = await repo.consumeLogin(hash(body.state), now());
    if (
      !login ||
      login.expiresAt <= now() ||
      !intents.includes(login.intent) ||
      !sameHash(body.binding, login.bindingHash)
    ) {
      throw new ApiError('OIDC_STATE_INVALID');
    }
    const claims = await client(login.provider).redeem({
      code: body.code,
      redirectUri: deps.redirectUri,
      codeVerifier: login.codeVerifier,
      nonce: login.nonce,
    });
    return { login, claims };
  }

  function assertCanSignIn(user: UserRow) {
    if (user.suspendedUntil && user.suspendedUntil > now()) {
      throw new ApiError('ACCOUNT_SUSPENDED', {
        details: { until: user.suspendedUntil.toISOString(), reason: user.suspensionReason },
      });
    }
  }

  /** The verified e-mail, in the form accounts keep it; null when the provider gave none or did not verify it. */
  function verifiedEmail(claims: IdentityClaims): string | null {
    if (!claims.email || !claims.emailVerified) return null;
    const parsed = Email.safeParse(claims.email);
    return parsed.success ? parsed.data : null;
  }

  /** The account a first sign-in with this identity opens: found by verified e-mail, or new. */
  async function accountFor(login: OidcLoginRow, claims: IdentityClaims, tx: DbOrTx): Promise<UserRow> {
    const email = verifiedEmail(claims);
    if (!email) {
      throw new ApiError('OIDC_EMAIL_UNVERIFIED', {
        details: { reason: claims.email ? 'the provider has not verified the e-mail' : 'the provider gave no e-mail' },
      });
    }
    const at = now();
    const existing = await deps.users.findByEmail(email, tx);
    if (existing?.deletedAt) throw new ApiError('EMAIL_TAKEN');
    if (existing) {
      if (!existing.emailConfirmedAt) {
        // The provider proved the inbox: a password set by whoever signed up without proving it goes (review H2).
        await deps.users.dropPendingPassword(existing.id, tx);
        await deps.users.confirmEmail(existing.id, at, tx);
      }
      return existing;
    }
    const inserted = await deps.users.insertUser(
      {
        email,
        passwordHash: null,
        emailConfirmedAt: at,
        language: login.language,
        // Accepted on the entry screen before the provider was opened (auth/oidc/start).
        termsAcceptedAt: at,
        termsVersion: TERMS_VERSION,
        privacyAcceptedAt: at,
        privacyVersion: PRIVACY_VERSION,
      },
      tx,
    );
    if (!inserted) throw new ApiError('EMAIL_TAKEN');
    const row = await deps.users.findById(inserted.id, tx);
    if (!row) throw new ApiError('EMAIL_TAKEN');
    return row;
  }

  return {
    signInOptions() {
      return {
        passwordSignIn: deps.passwordSignIn,
        providers: deps.clients.map((c) => ({ id: c.provider.id, label: c.provider.label })),
      };
    },

    async start(body: CallBody<'auth/oidc/start'>, ip: string) {
      await deps.rateLimiter.hit(`oidc-start:ip:${ip}`, START_RULE);
      return begin(body.provider, 'SIGN_IN', null, body.language ?? 'en');
    },

    async linkStart(body: CallBody<'auth/oidc/link-start'>, caller: AuthUser) {
      await deps.rateLimiter.hit(`oidc-start:user:${caller.userId}`, START_RULE);
      const purpose = body.purpose ?? 'link';
      client(body.provider);
      const linked = (await repo.listIdentities(caller.userId)).some((i) => i.provider === body.provider);
      if (purpose === 'link' && linked) throw new ApiError('OIDC_ALREADY_LINKED');
      if (purpose === 'reauthenticate' && !linked) throw new ApiError('OIDC_PROVIDER_UNKNOWN');
      const user = await deps.users.findById(caller.userId);
      return begin(body.provider, purpose === 'link' ? 'LINK' : 'REAUTH', caller.userId, user?.language ?? 'en');
    },

    async finish(body: CallBody<'auth/oidc/finish'>, ip: string) {
      await deps.rateLimiter.hit(`oidc-finish:ip:${ip}`, FINISH_RULE);
      const { login, claims } = await complete(body, ['SIGN_IN']);
      const user = await deps.db.transaction(async (tx: DbOrTx) => {
        const identity = await repo.findIdentity(login.provider, claims.subject, tx);
        if (identity) {
          const found = await deps.users.findById(identity.userId, tx);
          if (!found || found.deletedAt) throw new ApiError('OIDC_FAILED', { details: { reason: 'account deleted' } });
          await repo.touchIdentity(identity.id, claims.email, now(), tx);
          return found;
        }
        const account = await accountFor(login, claims, tx);
        const linked = await repo.insertIdentity(
          {
            userId: account.id,
            provider: login.provider,
            subject: claims.subject,
            email: claims.email,
            lastUsedAt: now(),
          },
          tx,
        );
        // The account already holds another identity of this provider (a second account there with the same e-mail).
        if (!linked) throw new ApiError('OIDC_ALREADY_LINKED');
        return account;
      });
      assertCanSignIn(user);
      const { jwt } = await deps.tokens.issue(user.id);
      return { jwt, completed: user.completed };
    },

    async linkFinish(body: CallBody<'auth/oidc/link-finish'>, caller: AuthUser) {
      const { login, claims } = await complete(body, ['LINK', 'REAUTH']);
      if (login.userId !== caller.userId) throw new ApiError('OIDC_STATE_INVALID');
      const identity = await repo.findIdentity(login.provider, claims.subject);
      if (login.intent === 'REAUTH') {
        if (identity?.userId !== caller.userId) {
          throw new ApiError('OIDC_FAILED', { details: { reason: 'not the identity linked to this account' } });
        }
        await repo.touchIdentity(identity.id, claims.email, now());
        await deps.stepUp.markReauthenticated(caller);
        return { ok: true as const };
      }
      if (identity && identity.userId !== caller.userId) throw new ApiError('OIDC_IDENTITY_TAKEN');
      if (identity) return { ok: true as const };
      const linked = await repo.insertIdentity({
        userId: caller.userId,
        provider: login.provider,
        subject: claims.subject,
        email: claims.email,
        lastUsedAt: now(),
      });
      if (!linked) {
        // Someone linked the same identity a moment ago, or this person linked another of the provider's accounts.
        const again = await repo.findIdentity(login.provider, claims.subject);
        throw new ApiError(again && again.userId !== caller.userId ? 'OIDC_IDENTITY_TAKEN' : 'OIDC_ALREADY_LINKED');
      }
      return { ok: true as const };
    },

    async listMethods(caller: AuthUser) {
      const user = await deps.users.findById(caller.userId);
      const identities = await repo.listIdentities(caller.userId);
      return {
        password: deps.passwordSignIn && !!user?.passwordHash,
        identities: identities.map((i) => ({
          provider: i.provider,
          label: labelOf(i.provider),
          email: i.email,
          linkedAt: i.createdAt.toISOString(),
        })),
      };
    },

    /**
     * Unlinks a provider, unless it is the last way in: a password counts only while password sign-in is on, and an
     * identity of a provider no longer configured does not count.
     */
    async unlink({ provider }: CallBody<'auth/oidc/unlink'>, caller: AuthUser) {
      await deps.db.transaction(async (tx: DbOrTx) => {
        const user = await repo.lockUser(caller.userId, tx);
        if (!user) throw new ApiError('UNAUTHORIZED');
        const identities = await repo.listIdentities(caller.userId, tx);
        if (!identities.some((i) => i.provider === provider)) throw new ApiError('NOT_FOUND');
        const otherWays =
          identities.filter((i) => i.provider !== provider && byId.has(i.provider)).length +
          (deps.passwordSignIn && user.passwordHash ? 1 : 0);
        if (otherWays === 0) throw new ApiError('LAST_SIGN_IN_METHOD');
        await repo.deleteIdentity(caller.userId, provider, tx);
      });
      return { ok: true as const };
    },
  };
}

export type OidcService = ReturnType<typeof createOidcService>;
