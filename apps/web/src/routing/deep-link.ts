/**
 * A shared link opened while signed out (issue 19): the app remembers it, walks the person through
 * signing in or up, and then lands on it instead of the home. Only the pages people share are kept.
 */
const KEY = 'cordata:continue-to';
const SHAREABLE = /^\/(view-activity|view-group|profile)\/[0-9a-f-]{36}$/;

export function rememberDeepLink(path: string, storage: Storage | undefined = globalThis.sessionStorage) {
  if (!SHAREABLE.test(path)) return;
  try {
    storage?.setItem(KEY, path);
  } catch {
    // Private mode: the person lands on the home, as before.
  }
}

/** Where to go once signed in: the remembered link (once), else `target`. Only the home gives way to it. */
export function continueTo(target: string, storage: Storage | undefined = globalThis.sessionStorage): string {
  if (target !== '/home') return target;
  try {
    const path = storage?.getItem(KEY);
    storage?.removeItem(KEY);
    return path && SHAREABLE.test(path) ? path : target;
  } catch {
    return target;
  }
}
