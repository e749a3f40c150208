import type {
  AdminCallInput,
  AdminCallName,
  AdminCallResponse,
  CallInput,
  CallName,
  CallResponse,
} from '@cordata/contract';
import { adminCallPath, callPath } from '@cordata/contract/api-paths';
import { ADMIN_CALL_HAS_BODY, CALL_FLAGS, CALL_HAS_BODY, CALL_NEEDS_SESSION } from '@cordata/contract/call-flags';
import { PACK_CALLS } from '@cordata/contract/pack-calls';
import { config } from '../config.ts';
import { type ErrorCode, errorCatalog } from '../contract.ts';
import { findPackAnswer, markAnsweredFromPack, markLive } from '../offline/packs.ts';
import { useAuthStore } from '../state/auth.ts';

export interface ApiIssue {
  path: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly issues: ApiIssue[] = [],
    /** What the server adds to some errors (e.g. the route site a failed import came from). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

const knownCode = (code: unknown): code is ErrorCode => typeof code === 'string' && code in errorCatalog;

async function toApiError(res: Response): Promise<ApiError> {
  try {
    const body = (await res.json()) as {
      error?: { code?: unknown; message?: unknown; issues?: ApiIssue[]; details?: Record<string, unknown> };
    };
    const code = knownCode(body.error?.code) ? body.error.code : 'INTERNAL';
    const message = typeof body.error?.message === 'string' ? body.error.message : errorCatalog[code].message;
    return new ApiError(code, message, res.status, body.error?.issues ?? [], body.error?.details ?? {});
  } catch {
    return new ApiError('INTERNAL', errorCatalog.INTERNAL.message, res.status);
  }
}

type Args<K extends CallName> = CallInput<K> extends undefined ? [] : [body: CallInput<K>];
export type AdminArgs<K extends AdminCallName> = AdminCallInput<K> extends undefined ? [] : [body: AdminCallInput<K>];

/** Whose token a call carries, and what ends when the server answers that this session is over. */
export interface Session {
  jwt: () => string | null;
  /** The server answered UNAUTHORIZED to a call that carried the token. */
  ended: () => void;
}

/** The person signed in to the app; the admin area's operator has a session of their own (admin/session.ts). */
export const appSession: Session = {
  jwt: () => useAuthStore.getState().jwt,
  ended: () => useAuthStore.getState().logout(),
};

/**
 * The one HTTP core of every call, the app's and the admin area's. No timeout on purpose (spec §9):
 * slow mobile networks must not fail a call that would still succeed.
 */
async function post(
  path: string,
  body: unknown,
  hasBody: boolean,
  session: Session | null,
  signal?: AbortSignal,
): Promise<unknown> {
  const headers: Record<string, string> = {};
  if (hasBody) headers['Content-Type'] = 'application/json';
  const jwt = session?.jwt() ?? null;
  if (jwt) headers.Authorization = `Bearer ${jwt}`;

  let res: Response;
  try {
    res = await fetch(`${config.publicUrl}${path}`, {
      method: 'POST',
      headers,
      body: hasBody ? JSON.stringify(body) : undefined,
      ...(signal ? { signal } : {}),
    });
  } catch {
    throw new ApiError('SERVICE_UNAVAILABLE', errorCatalog.SERVICE_UNAVAILABLE.message, 0);
  }
  if (!res.ok) {
    const error = await toApiError(res);
    // Only an ended session logs out: a wrong current password (INVALID_CREDENTIALS) is a 401 too.
    if (error.code === 'UNAUTHORIZED' && session && jwt) session.ended();
    throw error;
  }
  return await res.json();
}

/** A call of the API as the person signed in to the app: the one way the app talks to the server. */
export function api<K extends CallName>(call: K, ...args: Args<K>): Promise<CallResponse<K>> {
  return apiAs(appSession, call, ...args);
}

/**
 * A call the app may give up on (a newer one replaces it, as route snapping does while drawing): `signal` aborts the
 * request, which then rejects like a network failure.
 */
export async function apiCancellable<K extends CallName>(
  call: K,
  body: NonNullable<CallInput<K>>,
  signal: AbortSignal,
): Promise<CallResponse<K>> {
  return (await post(callPath(call, config.product), body, true, appSession, signal)) as CallResponse<K>;
}

/** A call of the API with another session's token (the admin area's sign-in and second factor). */
export async function apiAs<K extends CallName>(session: Session, call: K, ...args: Args<K>): Promise<CallResponse<K>> {
  const body = args[0];
  // The flags, not the schemas (zod stays off the start, issue 44): whether the call takes a body and a session.
  const hasBody = (CALL_FLAGS[call] & CALL_HAS_BODY) !== 0;
  // Spec §5: a call with a body fails before sending when the body is missing.
  if (hasBody && (body === undefined || body === null)) {
    throw new ApiError('BODY_REQUIRED', errorCatalog.BODY_REQUIRED.message, 0);
  }
  const protectedCall = (CALL_FLAGS[call] & CALL_NEEDS_SESSION) !== 0;
  const send = () => post(callPath(call, config.product), body, hasBody, protectedCall ? session : null);
  if (session !== appSession || !(PACK_CALLS as readonly string[]).includes(call)) {
    return (await send()) as CallResponse<K>;
  }
  // An outing pack's call (issue 38): with no network, the answer the pack holds for exactly this call and body.
  if (deviceOffline()) {
    const saved = await fromPack(call, body);
    if (saved !== undefined) return saved as CallResponse<K>;
  }
  let response: unknown;
  try {
    response = await send();
  } catch (e) {
    // Status 0: the request never reached the server (no network). A server's refusal is never covered up.
    if (e instanceof ApiError && e.status === 0) {
      const saved = await fromPack(call, body);
      if (saved !== undefined) return saved as CallResponse<K>;
    }
    throw e;
  }
  const activityId = (body as { activityId?: unknown } | undefined)?.activityId;
  if (typeof activityId === 'string') markLive(activityId);
  return response as CallResponse<K>;
}

const deviceOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** The pack's answer, and the page learns it is shown from the pack; undefined when no pack holds one. */
async function fromPack(call: string, body: unknown): Promise<unknown> {
  try {
    const found = await findPackAnswer(call, body, null);
    if (!found) return undefined;
    markAnsweredFromPack(found.activityId, found.builtAt);
    return found.response;
  } catch {
    // No storage on this device: as if no pack were kept.
    return undefined;
  }
}

/** An admin call (`/api/space/{product}/admin/…`), always with the operator's session. */
export async function adminApi<K extends AdminCallName>(
  session: Session,
  call: K,
  ...args: AdminArgs<K>
): Promise<AdminCallResponse<K>> {
  const hasBody = ADMIN_CALL_HAS_BODY[call];
  return (await post(adminCallPath(call, config.product), args[0] ?? {}, hasBody, session)) as AdminCallResponse<K>;
}
