import { api, isApiError } from './client.ts';

/**
 * A sensitive call (deleting the account, the data export) made right after the password is entered again: the
 * server refuses it otherwise (403 REAUTH_REQUIRED). A wrong password rejects with INVALID_CREDENTIALS.
 */
export async function withPassword<T>(password: string, call: () => Promise<T>): Promise<T> {
  await api('auth/reauthenticate', { password });
  return call();
}

/** Whether a sensitive call was refused because the password entered again is not the account's. */
export const isWrongPassword = (error: unknown) => isApiError(error) && error.code === 'INVALID_CREDENTIALS';
