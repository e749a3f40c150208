// Web Push for the browser app: shows what the server sends and opens its path when tapped. A weather alert
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
