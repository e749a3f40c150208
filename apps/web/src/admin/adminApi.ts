import {
  type AdminCallInput,
  type AdminCallName,
  type AdminCallResponse,
  adminCallPath,
  adminCalls,
  callPath,
} from '@cordata/contract';
import { config } from '../config.ts';

const TOKEN_KEY = 'cordata-admin-token';

export class AdminApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const adminToken = {
  get: () => sessionStorage.getItem(TOKEN_KEY),
  set: (token: string) => sessionStorage.setItem(TOKEN_KEY, token),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
};

async function post(url: string, body: unknown, token?: string | null) {
  const res = await fetch(`${config.publicUrl}${url}`, {
    method: 'POST',
    headers: {
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  }).catch(() => null);
  if (!res) throw new AdminApiError('SERVICE_UNAVAILABLE', 'The server cannot be reached', 0);
  const json = await res.json().catch(() => ({}));
  if (!res.ok) {
    const error = (json as { error?: { code?: string; message?: string; details?: Record<string, unknown> } }).error;
    throw new AdminApiError(
      error?.code ?? 'INTERNAL',
      error?.message ?? 'An error occurred',
      res.status,
      error?.details ?? {},
    );
  }
  return json;
}

/** An admin call with the stored operator token; an ended session clears it (the login shows again). */
export async function adminApi<K extends AdminCallName>(
  name: K,
  ...args: AdminCallInput<K> extends undefined ? [] : [AdminCallInput<K>]
): Promise<AdminCallResponse<K>> {
  try {
    return (await post(
      adminCallPath(name, config.product),
      adminCalls[name].body ? (args[0] ?? {}) : undefined,
      adminToken.get(),
    )) as AdminCallResponse<K>;
  } catch (error) {
    if (error instanceof AdminApiError && error.status === 401) {
      adminToken.clear();
      window.dispatchEvent(new Event('cordata-admin-signed-out'));
    }
    throw error;
  }
}

/** Ends the operator's session on the server (review M2), then forgets the token here. */
export async function signOut() {
  await post(callPath('auth/sign-out', config.product), undefined, adminToken.get()).catch(() => {});
  adminToken.clear();
}

/** The operator's second factor: a new authenticator secret, turning it on, or a code for this session. */
export const totp = {
  setup: () =>
    post(callPath('auth/totp/setup', config.product), undefined, adminToken.get()) as Promise<{
      secret: string;
      uri: string;
    }>,
  enable: (code: string) => post(callPath('auth/totp/enable', config.product), { code }, adminToken.get()),
  verify: (code: string) => post(callPath('auth/totp/verify', config.product), { code }, adminToken.get()),
};

export async function signIn(email: string, password: string) {
  const { jwt } = (await post(callPath('auth/email/sign-in', config.product), { email, password })) as { jwt: string };
  return jwt;
}
