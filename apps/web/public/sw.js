// The browser app's one service worker (one per scope): Web Push, and the app shell kept for opening offline.
//
// Offline (issue 38, docs/offline.md "On the device"): on install it keeps the entry page and every hashed file the
// build lists in /sw-assets.json; the entry page is then asked of the network first (a new version shows at once) and
// answered from the cache when there is none; hashed files (/assets/, immutable) come from the cache first. Nothing
// else is touched: the API, uploads, tiles and the release channel always go to the network (the app answers its own
// calls from the outing pack it keeps in IndexedDB).
//
// Web Push: shows what the server sends and opens its path when tapped. A weather alert
// comes with buttons (keep, move, switch to the backup route, cancel): each opens the activity with that answer
// chosen, for the organiser to confirm there. This worker never calls the API: the session lives in the page's
// storage, out of its reach, and an answer that cancels for everyone deserves a look first (docs/weather.md).

/** The notification to show for a push message (the server's push.ts: title, body, data, optional actions). */
function notificationOptions(message) {
  const actions = Array.isArray(message.actions) ? message.actions.filter(isAction) : [];
  const actionPaths = {};
  for (const a of actions) actionPaths[a.action] = a.path;
  return {
    body: typeof message.body === 'string' ? message.body : '',
    icon: '/favicon.svg',
    data: { ...(message.data || {}), actionPaths },
    // Browsers show as many as they can (Notification.maxActions); the rest are a tap away in the app.
    actions: actions.map((a) => ({ action: a.action, title: a.title })),
  };
}

function isAction(a) {
  return a && typeof a.action === 'string' && typeof a.title === 'string' && typeof a.path === 'string';
}

/** Only the app's own paths are opened: never another site, nor a protocol-relative address. */
const isAppPath = (path) => typeof path === 'string' && path.startsWith('/') && !path.startsWith('//');

/** The app path a click opens: the button's (its answer chosen) or, on the body, the notification's. */
function notificationUrl(data, action) {
  const chosen = action ? data?.actionPaths?.[action] : undefined;
  if (isAppPath(chosen)) return chosen;
  return isAppPath(data?.path) ? data.path : '/notifications';
}

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {}
  event.waitUntil(self.registration.showNotification(message.title || 'Cordata', notificationOptions(message)));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(notificationUrl(event.notification.data, event.action)));
});

const SHELL_CACHE = 'cordata-shell-v1';
const ASSETS_CACHE = 'cordata-assets-v1';
/** Where the entry page is kept: every path of the app gets the same page, which routes it. */
const SHELL_KEY = '/';

/** The hashed files to keep: those the entry page names, and those the build lists. */
async function precache() {
  const shell = await caches.open(SHELL_CACHE);
  const page = await fetch(SHELL_KEY, { cache: 'no-cache' });
  if (!page.ok) return;
  await shell.put(SHELL_KEY, page.clone());
  for (const file of SHELL_FILES) {
    try {
      const res = await fetch(file, { cache: 'no-cache' });
      if (res.ok) await shell.put(file, res);
    } catch {}
  }
  const html = await page.text();
  const named = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  let listed = [];
  try {
    const res = await fetch('/sw-assets.json', { cache: 'no-cache' });
    if (res.ok) listed = await res.json();
  } catch {}
  const assets = await caches.open(ASSETS_CACHE);
  const wanted = [...new Set([...named, ...listed.filter(isAssetPath)])];
  const kept = new Set((await assets.keys()).map((r) => new URL(r.url).pathname));
  // One at a time and forgiving: a file that fails now is fetched again when the app asks for it.
  for (const path of wanted) {
    if (kept.has(path)) continue;
    try {
      const res = await fetch(path);
      if (res.ok) await assets.put(path, res);
    } catch {}
  }
  // Files of older builds go: the hashed names of this one are all that the entry page can ask for.
  const now = new Set(wanted);
  for (const request of await assets.keys()) {
    if (!now.has(new URL(request.url).pathname)) await assets.delete(request);
  }
}

/** The shell's own public files (the boot splash, icons, the web manifest): kept with the entry page. */
const SHELL_FILES = ['/splash.svg', '/favicon.svg', '/manifest.webmanifest', '/icon-192.png'];

const isAssetPath = (path) => typeof path === 'string' && path.startsWith('/assets/') && !path.endsWith('.map');

self.addEventListener('install', (event) => {
  event.waitUntil(precache().catch(() => {}));
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The entry page: the network's (kept for next time), else the kept one. */
async function entryPage(request) {
  try {
    const res = await fetch(request);
    if (res.ok && (res.headers.get('content-type') || '').includes('text/html')) {
      const shell = await caches.open(SHELL_CACHE);
      await shell.put(SHELL_KEY, res.clone());
    }
    return res;
  } catch (error) {
    const kept = await caches.match(SHELL_KEY, { cacheName: SHELL_CACHE, ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}

/** A public file of the shell: the network's, else the kept one. */
async function shellFile(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await caches.match(new URL(request.url).pathname, { cacheName: SHELL_CACHE, ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}

/** A hashed file: the kept one, else the network's (kept for next time). */
async function asset(request) {
  const assets = await caches.open(ASSETS_CACHE);
  // ignoreVary: the files are sent precompressed with `Vary: Accept-Encoding`; each hashed name has one content.
  const kept = await assets.match(request, { ignoreSearch: true, ignoreVary: true });
  if (kept) return kept;
  const res = await fetch(request);
  if (res.ok && res.status === 200) await assets.put(request, res.clone());
  return res;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    const path = url.pathname;
    if (['/api/', '/uploads/', '/release/', '/maps/', '/admin'].some((p) => path.startsWith(p))) return;
    event.respondWith(entryPage(request));
    return;
  }
  if (isAssetPath(url.pathname)) event.respondWith(asset(request));
  else if (SHELL_FILES.includes(url.pathname)) event.respondWith(shellFile(request));
});
