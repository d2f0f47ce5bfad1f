// Crewdesk's service worker: the app shell for a phone's home screen (opens without the network,
// with an offline page when even the shell is not here yet), and Web Push.
// It never caches the API: what the app shows always comes from the server when it can.
// Both filled in at build by scripts/offline-shell.mjs: the cache's name changes with each build's
// files, and the files that open the app with no connection (the frame, sign-in, the visit view).
const CACHE = 'crewdesk-shell-v1';
const OFFLINE_SHELL = [];
const SHELL = ['/offline.html', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png'];
/** A navigation waits this long for the server before the stored shell is shown. */
const NETWORK_WAIT_MS = 4000;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        cache
          .addAll(SHELL)
          // The page without a screen's first paint in it, which `/` may carry (keepShell).
          .then(() => fetch('/index.html', { credentials: 'same-origin' }))
          .then((page) => {
            if (!page.ok) throw new Error(`/index.html: ${page.status}`);
            return cache.put('/', page);
          })
          .then(() => cacheShellAssets(cache))
          .then(() => cache.addAll(OFFLINE_SHELL)),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

/** The hashed scripts and styles the shell's index.html loads, so it starts offline. */
async function cacheShellAssets(cache) {
  const html = await (await cache.match('/')).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  await cache.addAll([...new Set(assets)]);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') event.respondWith(navigation(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(hashedAsset(request));
});

/**
 * Network first, so a signed-in page is always fresh; the stored shell when it is slow or gone.
 * Every screen is the same index.html, so whichever one loads keeps the shell current: a field
 * worker who only ever opens /visits still has this build's shell when the signal goes.
 */
async function navigation(request) {
  const cache = await caches.open(CACHE);
  const network = fetch(request).then((response) => {
    const html = (response.headers.get('content-type') ?? '').includes('text/html');
    if (response.ok && html && !response.redirected) void keepShell(cache, response);
    return response;
  });
  const timeout = new Promise((resolve) => setTimeout(resolve, NETWORK_WAIT_MS, null));
  try {
    const first = await Promise.race([network, timeout]);
    if (first) return first;
  } catch {
    // Offline: fall through to what is stored.
  }
  const shell = (await cache.match('/')) ?? (await cache.match('/offline.html'));
  return shell ?? network;
}

/**
 * A page with a screen's first paint in it (its heading, a greeting by name) is not every
 * screen's shell: the plain index.html is kept instead, asked for once that page has arrived.
 */
async function keepShell(cache, response) {
  if (!response.headers.has('x-first-paint')) return cache.put('/', response.clone());
  await response.clone().arrayBuffer();
  const plain = await fetch('/index.html', { credentials: 'same-origin' });
  if (plain.ok) await cache.put('/', plain);
}

/** Hashed files never change: stored once, served from the store from then on. */
async function hashedAsset(request) {
  const cache = await caches.open(CACHE);
  const stored = await cache.match(request);
  if (stored) return stored;
  const response = await fetch(request);
  if (response.ok) void cache.put(request, response.clone());
  return response;
}

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
      icon: '/icons/icon-192.png',
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
