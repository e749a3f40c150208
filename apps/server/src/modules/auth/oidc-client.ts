import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, importPKCS8, type JWTPayload, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { OidcProviderConfig } from '../../config.ts';
import { ApiError } from '../../http/errors.ts';

/**
 * The adapter to an OpenID Connect provider (docs/accounts.md, "Single sign-on"): discovery, the authorization URL,
 * the token exchange and the ID token's checks. The signature, issuer, audience and times are checked by jose against
 * the provider's JWKS; jose fetches the keys again when a token names a key it does not know (key rotation). Tests
 * run it against a stand-in provider on 127.0.0.1 (test/oidc-provider.ts).
 */

/** Clock skew allowed on `exp`, `iat` and `nbf`. */
export const CLOCK_SKEW_SECONDS = 60;
/** An ID token issued longer ago than this is refused, whatever its `exp`. */
const MAX_TOKEN_AGE_SECONDS = 10 * 60;

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

export interface IdentityClaims {
  subject: string;
  email: string | null;
  /** True only when the provider says so: a boolean true (or Apple's documented string "true"). */
  emailVerified: boolean;
}

export interface OidcClientOptions {
  timeoutMs: number;
  cacheMinutes: number;
  /** The shortest wait between two fetches of the keys when tokens name unknown keys (jose's cooldown). */
  jwksCooldownMs?: number;
  now: () => Date;
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');
export const randomToken = () => b64url(randomBytes(32));
export const s256 = (verifier: string) => b64url(createHash('sha256').update(verifier).digest());

/** The provider's answer was not what OpenID Connect promises: refused, with the reason kept for the log. */
const failed = (reason: string) => new ApiError('OIDC_FAILED', { details: { reason } });
const unavailable = (reason: string) => new ApiError('OIDC_PROVIDER_UNAVAILABLE', { details: { reason } });

export function createOidcClient(provider: OidcProviderConfig, options: OidcClientOptions) {
  const cacheMs = options.cacheMinutes * 60_000;
  let discovered: { at: number; doc: Discovery; jwks: ReturnType<typeof createRemoteJWKSet> } | undefined;

  async function fetchJson(url: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (error) {
      throw unavailable(`${url}: ${(error as Error).message}`);
    }
    const text = await response.text();
    try {
      return { status: response.status, body: JSON.parse(text) };
    } catch {
      return { status: response.status, body: undefined };
    }
  }

  /** The discovery document, fetched once and kept for OIDC_CACHE_MINUTES; its issuer must be the configured one. */
  async function discovery() {
    const at = Date.now();
    if (discovered && at - discovered.at < cacheMs) return discovered;
    const url = `${provider.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const { status, body } = await fetchJson(url, { headers: { accept: 'application/json' } });
    const doc = body as Partial<Discovery> | undefined;
    if (status !== 200 || !doc) throw unavailable(`discovery answered ${status}`);
    if (doc.issuer !== provider.issuer) throw unavailable(`discovery names the issuer ${String(doc.issuer)}`);
    for (const key of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
      if (typeof doc[key] !== 'string' || !/^https?:\/\//.test(doc[key])) throw unavailable(`discovery lacks ${key}`);
    }
    const jwks = createRemoteJWKSet(new URL(doc.jwks_uri!), {
      timeoutDuration: options.timeoutMs,
      cacheMaxAge: cacheMs,
      cooldownDuration: options.jwksCooldownMs ?? 30_000,
    });
    discovered = { at, doc: doc as Discovery, jwks };
    return discovered;
  }

  /** Apple's client secret: a short JWT signed with the team's key (ES256), made for each token request. */
  async function clientSecret(): Promise<string | undefined> {
    if (!provider.apple) return provider.clientSecret;
    const key = await importPKCS8(provider.apple.privateKey, 'ES256');
    const iat = Math.floor(options.now().getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: provider.apple.keyId })
      .setIssuer(provider.apple.teamId)
      .setSubject(provider.clientId)
      .setAudience('https://appleid.apple.com')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 300)
      .sign(key);
  }

  return {
    provider,

    /** The URL the person is sent to: authorization code with PKCE (S256), state and nonce. */
    async authorizationUrl(input: { redirectUri: string; state: string; nonce: string; codeVerifier: string }) {
      const { doc } = await discovery();
      const url = new URL(doc.authorization_endpoint);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', provider.clientId);
      url.searchParams.set('redirect_uri', input.redirectUri);
      url.searchParams.set('scope', provider.scopes.join(' '));
      url.searchParams.set('state', input.state);
      url.searchParams.set('nonce', input.nonce);
      url.searchParams.set('code_challenge', s256(input.codeVerifier));
      url.searchParams.set('code_challenge_method', 'S256');
      if (provider.responseMode === 'form_post') url.searchParams.set('response_mode', 'form_post');
      return url.toString();
    },

    /** Exchanges the code (with the PKCE verifier) and checks the ID token: the person's claims, or OIDC_FAILED. */
    async redeem(input: { code: string; redirectUri: string; codeVerifier: string; nonce: string }) {
      const { doc, jwks } = await discovery();
      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        code: input.code,
        redirect_uri: input.redirectUri,
        client_id: provider.clientId,
        code_verifier: input.codeVerifier,
      });
      const secret = await clientSecret();
      if (secret) form.set('client_secret', secret);
      const { status, body } = await fetchJson(doc.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
      });
      const answer = body as { id_token?: unknown; error?: unknown } | undefined;
      if (status >= 500) throw unavailable(`token endpoint answered ${status}`);
      if (status !== 200 || typeof answer?.id_token !== 'string') {
        throw failed(`token endpoint answered ${status} ${String(answer?.error ?? '')}`.trim());
      }
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(answer.id_token, jwks, {
          issuer: provider.issuer,
          audience: provider.clientId,
          clockTolerance: CLOCK_SKEW_SECONDS,
          maxTokenAge: MAX_TOKEN_AGE_SECONDS,
          requiredClaims: ['sub', 'iat', 'exp'],
          currentDate: options.now(),
          algorithms: ['RS256', 'ES256', 'PS256', 'EdDSA', 'RS384', 'RS512', 'ES384', 'ES512', 'PS384', 'PS512'],
        }));
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) throw failed(`id token: ${error.code} ${error.message}`);
        throw error;
      }
      const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
      if (audiences.length > 1 && payload.azp !== provider.clientId) throw failed('id token: azp is not this client');
      if (payload.nonce !== input.nonce) throw failed('id token: nonce mismatch');
      if (typeof payload.sub !== 'string' || !payload.sub || payload.sub.length > 255) throw failed('id token: no sub');
      const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : null;
      const verified = payload.email_verified === true || payload.email_verified === 'true';
      return {
        subject: payload.sub,
        email: email || null,
        emailVerified: !!email && verified,
      } satisfies IdentityClaims;
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
