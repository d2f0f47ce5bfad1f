// Crewdesk's service worker: Web Push only (it caches nothing; the app works as before without it).
// A push carries { title, body, url }; clicking the notification opens that page of the app.
self.addEventListener('push', (event) => {
  let message = { title: 'Crewdesk', body: '', url: '/notifications' };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // A push without a readable body still says something arrived.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      data: { url: message.url },
      icon: '/favicon.svg',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data?.url ?? '/notifications';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) return open.focus().then(() => open.navigate(url));
      return self.clients.openWindow(url);
    }),
  );
});
