import { isApiError } from './client.ts';

/**
 * Whether a sensitive call (deleting the account, the data export) was refused because the password entered again
 * is not the account's (components/forms/StepUp.tsx sends it with `auth/reauthenticate` first).
 */
export const isWrongPassword = (error: unknown) => isApiError(error) && error.code === 'INVALID_CREDENTIALS';
