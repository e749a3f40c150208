import type { CallInput, CallName, CallResponse } from '@cordata/contract';
import { config } from '../config.ts';
import { type ErrorCode, errorCatalog } from '../contract.ts';
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

let registry: Promise<typeof import('./contract-registry.ts')> | undefined;
/** The call registry carries every zod schema: it is fetched with the first call, not at start-up. */
export const loadRegistry = () => {
  registry ??= import('./contract-registry.ts');
  return registry;
};

type Args<K extends CallName> = CallInput<K> extends undefined ? [] : [body: CallInput<K>];

/**
 * The one way the app talks to the API. No timeout on purpose (spec §9): slow mobile networks
 * must not fail a call that would still succeed.
 */
export async function api<K extends CallName>(call: K, ...args: Args<K>): Promise<CallResponse<K>> {
  const body = args[0];
  const { callHasBody, callPath, calls } = await loadRegistry();
  // Spec §5: a call with a body fails before sending when the body is missing.
  if (callHasBody(call) && (body === undefined || body === null)) {
    throw new ApiError('BODY_REQUIRED', errorCatalog.BODY_REQUIRED.message, 0);
  }
  const headers: Record<string, string> = {};
  if (callHasBody(call)) headers['Content-Type'] = 'application/json';
  const { jwt, logout } = useAuthStore.getState();
  const protectedCall = calls[call].auth !== false;
  if (jwt && protectedCall) headers.Authorization = `Bearer ${jwt}`;

  let res: Response;
  try {
    res = await fetch(`${config.publicUrl}${callPath(call, config.product)}`, {
      method: 'POST',
      headers,
      body: callHasBody(call) ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new ApiError('SERVICE_UNAVAILABLE', errorCatalog.SERVICE_UNAVAILABLE.message, 0);
  }
  if (!res.ok) {
    const error = await toApiError(res);
    // Only an ended session logs out: a wrong current password (INVALID_CREDENTIALS) is a 401 too.
    if (error.code === 'UNAUTHORIZED' && protectedCall && jwt) logout();
    throw error;
  }
  return (await res.json()) as CallResponse<K>;
}
