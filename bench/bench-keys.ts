import { serverKeys } from '../apps/server/src/secrets.ts';

/**
 * The session keys a server started with JWT_SECRET=`secret` derives (secrets.ts): a bench signs its people in with
 * them, as the server would, without a sign-in each.
 */
export const sessionKeys = (secret: string) =>
  serverKeys({ master: new TextEncoder().encode(secret), previous: null, totpKey: null }).sessions;
