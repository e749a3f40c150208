import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

/**
 * A stand-in OpenID Connect provider on 127.0.0.1, made with jose: discovery, JWKS, an authorization endpoint that
 * signs in whoever the test names (no login page) and a token endpoint that checks the code, the redirect URI, the
 * client and the PKCE verifier (S256) before it signs an ID token. A test can spoil the next token (issuer, audience,
 * times, nonce, key) and rotate the keys.
 */
export interface StandInUser {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
}

export interface Spoil {
  issuer?: string;
  audience?: string | string[];
  /** Seconds added to iat and exp (negative: in the past). */
  shiftSeconds?: number;
  nonce?: string;
  /** Signed with a key the JWKS does not hold, under the published kid. */
  foreignKey?: boolean;
}

interface Key {
  kid: string;
  privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  publicJwk: JWK;
}

const newKey = async (): Promise<Key> => {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomBytes(6).toString('hex');
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
};

export async function startStandInProvider(options: { clientId: string; clientSecret?: string; path?: string }) {
  let keys: Key[] = [await newKey()];
  let signing = keys[0]!;
  let user: StandInUser = { sub: 'user-1', email: 'someone@example.test', email_verified: true };
  let spoil: Spoil = {};
  let jwksFetches = 0;
  /** What the last authorization request carried. */
  let lastAuthorization: URLSearchParams | undefined;
  const codes = new Map<
    string,
    { user: StandInUser; redirectUri: string; nonce: string; challenge: string | null; method: string | null }
  >();
  const tokenRequests: URLSearchParams[] = [];

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.slice(options.path?.length ?? 0);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (path === '/.well-known/openid-configuration') {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    if (path === '/jwks') {
      jwksFetches++;
      return json(200, { keys: keys.map((k) => k.publicJwk) });
    }
    if (path === '/authorize') {
      lastAuthorization = url.searchParams;
      const p = url.searchParams;
      if (p.get('client_id') !== options.clientId || p.get('response_type') !== 'code') {
        return json(400, { error: 'invalid_request' });
      }
      const code = randomBytes(16).toString('base64url');
      codes.set(code, {
        user,
        redirectUri: p.get('redirect_uri') ?? '',
        nonce: p.get('nonce') ?? '',
        challenge: p.get('code_challenge'),
        method: p.get('code_challenge_method'),
      });
      const back = new URL(p.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', p.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (path === '/token' && req.method === 'POST') {
      let raw = '';
      req.on('data', (chunk) => {
        raw += chunk;
      });
      req.on('end', async () => {
        const form = new URLSearchParams(raw);
        tokenRequests.push(form);
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!grant || form.get('grant_type') !== 'authorization_code') return json(400, { error: 'invalid_grant' });
        if (form.get('client_id') !== options.clientId) return json(401, { error: 'invalid_client' });
        if (options.clientSecret && form.get('client_secret') !== options.clientSecret) {
          return json(401, { error: 'invalid_client' });
        }
        if (form.get('redirect_uri') !== grant.redirectUri) return json(400, { error: 'invalid_grant' });
        const verifier = form.get('code_verifier');
        const expected = verifier && createHash('sha256').update(verifier).digest('base64url');
        if (grant.method !== 'S256' || !grant.challenge || expected !== grant.challenge) {
          return json(400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
        }
        const now = Math.floor(Date.now() / 1000) + (spoil.shiftSeconds ?? 0);
        const claims: Record<string, unknown> = { nonce: spoil.nonce ?? grant.nonce };
        if (grant.user.email !== undefined) claims.email = grant.user.email;
        if (grant.user.email_verified !== undefined) claims.email_verified = grant.user.email_verified;
        const key = spoil.foreignKey ? { ...(await newKey()), kid: signing.kid } : signing;
        const idToken = await new SignJWT(claims)
          .setProtectedHeader({ alg: 'RS256', kid: key.kid })
          .setIssuer(spoil.issuer ?? issuer)
          .setAudience(spoil.audience ?? options.clientId)
          .setSubject(grant.user.sub)
          .setIssuedAt(now)
          .setExpirationTime(now + 300)
          .sign(key.privateKey);
        json(200, { access_token: 'at', token_type: 'Bearer', expires_in: 300, id_token: idToken });
      });
      return;
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}${options.path ?? ''}`;

  return {
    issuer,
    /** The person the next authorization signs in. */
    signInAs(next: StandInUser) {
      user = next;
    },
    /** Spoils the ID tokens from now on; `{}` mends them. */
    spoil(next: Spoil) {
      spoil = next;
    },
    /** A new signing key; the old one leaves the JWKS. */
    async rotateKeys() {
      signing = await newKey();
      keys = [signing];
    },
    get jwksFetches() {
      return jwksFetches;
    },
    get lastAuthorization() {
      return lastAuthorization;
    },
    tokenRequests,
    /** Follows an authorization URL as a browser would: the code and state the provider sends back. */
    async authorize(authorizationUrl: string) {
      const res = await fetch(authorizationUrl, { redirect: 'manual' });
      const location = res.headers.get('location');
      if (res.status !== 302 || !location) throw new Error(`authorization answered ${res.status}`);
      const back = new URL(location);
      return {
        redirectUri: `${back.origin}${back.pathname}`,
        code: back.searchParams.get('code')!,
        state: back.searchParams.get('state')!,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StandInProvider = Awaited<ReturnType<typeof startStandInProvider>>;
