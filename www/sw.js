// Offline play: this worker keeps one complete copy of the site per deploy.
// scripts/postbuild.mjs fills in VERSION and ASSETS after each build, so a new
// deploy installs beside the old one and takes over whole: a page is always
// served index.html, script, wasm and styles of one and the same build.
const VERSION = '__VERSION__';
const ASSETS = ['__ASSETS__'];
// Many projects share one origin on static hosts: name caches by scope.
const PREFIX = `carcassonne:${self.registration.scope}:`;
const CACHE = PREFIX + VERSION;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(ASSETS.map((a) => new Request(a, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Pages of this site are all the one index.html of this build.
    const key = req.mode === 'navigate' ? new URL('./index.html', self.registration.scope).href : req;
    const hit = await cache.match(key, { ignoreSearch: req.mode === 'navigate' });
    return hit || fetch(req);
  })());
});
