import { SESSION_TTL_DAYS } from '@cordata/contract';
import type { Language, Role } from '@cordata/contract/enums';
import { uuidv7 } from 'uuidv7';
import type { DbOrTx } from '../../db/client.ts';
import { isUuid } from '../../http/ids.ts';
import { type KeyRing, ringMatches, ringSign } from '../../secrets.ts';
import type { SessionCache } from './session-cache.ts';
import { createTokensRepository } from './tokens.repository.ts';

const ISSUER = 'cordata';
const DAY_MS = 24 * 60 * 60 * 1000;
/** A new instance starts with the sessions used this recently in its cache (`warmCache`). */
const RECENT_USE_MS = 10 * 60 * 1000;
/** At most this many of them: half the cache. */
const WARM_SESSIONS = 10_000;

interface Claims {
  kind: 'ACCESS' | 'RESET';
  sub: string;
  jti: string;
  iss: string;
  iat: number;
  exp: number;
}

const encodePart = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decodePart = (part: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString());
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};
const HEADER = encodePart({ alg: 'HS256', typ: 'JWT' });

export interface AuthUser {
  userId: string;
  sessionId: string;
  role: Role;
  completed: boolean;
  /** When this session last entered the password again (see step-up.ts). */
  reauthenticatedAt: Date | null;
  /** When this session passed the TOTP second factor; null until then. */
  secondFactorAt: Date | null;
  totpEnabled: boolean;
}

/**
 * Signed HS256 tokens backed by the sessions table, so that revoking a row ends the token at
 * once on every instance. With a session cache, a checked session is not looked up again until a
 * change to it or its account (on any instance) or the cache's TTL forgets it.
 */
export function createTokens(deps: {
  db: DbOrTx;
  /** Signs with the current key; a token of a master being rotated out still verifies (docs/operations.md). */
  keys: KeyRing;
  now?: () => Date;
  cache?: SessionCache<SessionRow>;
}) {
  const now = deps.now ?? (() => new Date());
  const cache = deps.cache;

  /** Every sign-in makes a session and every call checks one: their statements are prepared once (issue 17). */
  const repository = createTokensRepository(deps.db);

  async function issue(userId: string, kind: 'ACCESS' | 'RESET' = 'ACCESS', ttlMs = SESSION_TTL_DAYS * DAY_MS) {
    const expiresAt = new Date(now().getTime() + ttlMs);
    const sessionId = await repository.insertSession({ id: uuidv7(), userId, kind, expiresAt });
    const claims: Claims = {
      kind,
      sub: userId,
      jti: sessionId,
      iss: ISSUER,
      iat: Math.floor(now().getTime() / 1000),
      exp: Math.floor(expiresAt.getTime() / 1000),
    };
    const signed = `${HEADER}.${encodePart(claims)}`;
    return { jwt: `${signed}.${ringSign(deps.keys, signed)}`, sessionId, expiresAt };
  }

  /**
   * The claims of a token signed HS256 with a key of the ring (RFC 7519), or null. The HMAC is computed here, in a
   * few microseconds, rather than through WebCrypto on libuv's pool: a new instance checks every client's token at
   * once, and those queued calls held up its first seconds (docs/performance-log.md, 30 November, 06:00 UTC).
   */
  function claimsOf(token: string): Claims | null {
    const [header, payload, signature, extra] = token.split('.');
    if (!header || !payload || !signature || extra !== undefined) return null;
    if (!ringMatches(deps.keys, `${header}.${payload}`, signature)) return null;
    if (decodePart(header)?.alg !== 'HS256') return null;
    const claims = decodePart(payload);
    if (!claims || claims.iss !== ISSUER || typeof claims.exp !== 'number') return null;
    return claims.exp * 1000 > now().getTime() ? (claims as unknown as Claims) : null;
  }

  /** The access sessions checked since `recordUse` last wrote them down. */
  const used = new Set<string>();

  /**
   * Writes down when the sessions checked lately were used, in one statement: each instance every minute and as it
   * closes, so that an instance starting next (a rolling restart) knows whom to expect (`warmCache`).
   */
  async function recordUse() {
    if (!used.size) return;
    const sessionIds = [...used];
    used.clear();
    await repository.markUsed(sessionIds, now());
  }

  /**
   * Fills the session cache with the access sessions used in the last minutes, as a session check reads them: a new
   * instance's first calls would otherwise each wait for their session's lookup, all at once (docs/performance-log.md,
   * 30 November, 06:00 UTC). They are trusted as any cached check is: until their TTL, or a change to them.
   */
  async function warmCache() {
    if (!cache) return 0;
    const readAt = cache.epoch();
    const rows = await repository.recentlyUsed(new Date(now().getTime() - RECENT_USE_MS), now(), WARM_SESSIONS);
    for (const { sessionId, ...row } of rows) cache.set(sessionId, row.userId, row, readAt);
    return rows.length;
  }

  async function sessionRow(sessionId: string, userId: string, kind: 'ACCESS' | 'RESET') {
    const cached = kind === 'ACCESS' ? cache?.get(sessionId) : undefined;
    if (cached) return cached.userId === userId ? cached : undefined;
    const readAt = cache?.epoch() ?? 0;
    const row = await repository.liveSession(sessionId, userId, kind, now());
    if (row && kind === 'ACCESS') cache?.set(sessionId, userId, row, readAt);
    return row;
  }

  /** The signed-in user behind a token, or null when it is forged, expired, revoked or the account is gone. */
  async function verify(token: string, kind: 'ACCESS' | 'RESET' = 'ACCESS'): Promise<AuthUser | null> {
    const claims = claimsOf(token);
    if (!claims || claims.kind !== kind || !isUuid(claims.jti) || !isUuid(claims.sub)) return null;
    const row = await sessionRow(claims.jti, claims.sub, kind);
    if (!row || row.expiresAt <= now()) return null;
    if (row.suspendedUntil && row.suspendedUntil > now()) return null;
    if (kind === 'ACCESS') used.add(claims.jti);
    return {
      userId: row.userId,
      sessionId: claims.jti,
      role: row.role,
      completed: row.completed,
      reauthenticatedAt: row.reauthenticatedAt,
      secondFactorAt: row.secondFactorAt,
      totpEnabled: row.totpEnabledAt !== null,
    };
  }

  /** A session that ends takes its device's push token with it. */
  async function forgetPushTokens(sessionIds: string[], tx: DbOrTx = deps.db) {
    if (sessionIds.length) await repository.deletePushTokens(sessionIds, tx);
  }

  /**
   * Ends every session of a user, but the one kept (the caller's own, on a password change), and
   * removes the push tokens those sessions registered; in the caller's transaction when given one.
   */
  async function revokeAll(userId: string, keepSessionId?: string, tx: DbOrTx = deps.db) {
    const ended = await repository.revokeSessionsOf(userId, keepSessionId, now(), tx);
    // In a transaction this forgets before the commit; the trigger's notice at commit forgets again after it.
    sessionsChanged(userId);
    await forgetPushTokens(ended, tx);
  }

  async function revoke(sessionId: string) {
    const ended = await repository.revokeSession(sessionId, now());
    for (const userId of ended) sessionsChanged(userId);
    await forgetPushTokens([sessionId]);
  }

  /**
   * Forgets, on this instance at once, what it knows of a person's sessions: for changes to a session or its
   * account (revoked, suspended, role, second factor...). Other instances hear of it from the database trigger.
   */
  function sessionsChanged(userId: string) {
    cache?.forgetUser(userId);
  }

  /**
   * A person's language, for answers that show places in the reader's language: from the session check this
   * call just made when it is cached (a language change drops it like any session change), else read.
   */
  async function languageOf(userId: string): Promise<Language> {
    const cached = cache?.anyOfUser(userId);
    if (cached) return cached.language;
    return (await repository.language(userId)) ?? 'en';
  }

  return { issue, verify, revokeAll, revoke, sessionsChanged, languageOf, recordUse, warmCache };
}

export type Tokens = ReturnType<typeof createTokens>;
/** What a session check reads: the session and its account. */
export interface SessionRow {
  userId: string;
  role: AuthUser['role'];
  language: Language;
  completed: boolean;
  suspendedUntil: Date | null;
  totpEnabledAt: Date | null;
  reauthenticatedAt: Date | null;
  secondFactorAt: Date | null;
  expiresAt: Date;
}
