// Web Push for the browser app: shows what the server sends and opens its path when tapped.
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {}
  event.waitUntil(
    self.registration.showNotification(message.title || 'Cordata', {
      body: message.body || '',
      icon: '/favicon.svg',
      data: message.data || {},
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = event.notification.data?.path;
  const url = typeof path === 'string' && path.startsWith('/') ? path : '/notifications';
  event.waitUntil(self.clients.openWindow(url));
});
