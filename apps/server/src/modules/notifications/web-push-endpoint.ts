import { isIP } from 'node:net';

/**
 * The push services browsers subscribe through. A subscription pointing anywhere else is refused
 * when it is registered and again before each send, so a signed-in person cannot make the server
 * call an internal address or a host of theirs (security review H3). WEB_PUSH_HOSTS replaces the list.
 */
export const DEFAULT_WEB_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
];

const base64url = /^[A-Za-z0-9_-]+={0,2}$/;

export interface WebPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const hostAllowed = (host: string, allowed: readonly string[]) =>
  allowed.some((entry) => (entry.startsWith('*.') ? host.endsWith(entry.slice(1)) : host === entry));

/** The subscription a token holds, or null when it is not one the server will ever call. */
export function parseWebPushToken(token: string, allowedHosts: readonly string[]): WebPushSubscription | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(token);
  } catch {
    return null;
  }
  const { endpoint, keys } = (parsed ?? {}) as Partial<WebPushSubscription>;
  if (typeof endpoint !== 'string' || typeof keys?.p256dh !== 'string' || typeof keys?.auth !== 'string') return null;
  if (!base64url.test(keys.p256dh) || keys.p256dh.length > 200 || !base64url.test(keys.auth) || keys.auth.length > 64)
    return null;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return null;
  if (isIP(host.replace(/^\[|\]$/g, '')) || !hostAllowed(host, allowedHosts)) return null;
  return { endpoint: url.href, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}
