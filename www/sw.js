// Offline play, and deploys that arrive whole. scripts/postbuild.mjs fills in
// VERSION and ASSETS after each build, so this file changes with every build
// and the browser installs it as an update (the page registers it with
// updateViaCache: 'none', so no HTTP cache hides a new one).
//
// Each build keeps its own complete copy of the site in its own cache. A new
// build installs beside the old one and waits; it takes over when no page of
// the old build is left, or when a page accepts it ("A new version is ready")
// and reloads. A page is always served files of the build it was loaded from:
// the worker remembers which build served each page, and an old build's cache
// is deleted only once no page of it is open.
const VERSION = '__VERSION__';
const ASSETS = ['__ASSETS__'];
// Many projects share one origin on static hosts: name caches by scope.
const PREFIX = `carcassonne:${self.registration.scope}:`;
const CACHE = PREFIX + VERSION;
// clientId -> VERSION of the build that served it, one entry per page (and AI
// worker), kept in a cache so it outlives this worker being stopped.
const CLIENTS = PREFIX + 'clients';
// VERSION -> when it was installed: a worker deletes only builds older than
// its own, never a newer one installing or waiting beside it.
const BUILDS = PREFIX + 'builds';
const INDEX = new URL('./index.html', self.registration.scope).href;
const clientKey = (id) => new URL(`./__client/${encodeURIComponent(id)}`, self.registration.scope).href;
const buildKey = (version) => new URL(`./__build/${encodeURIComponent(version)}`, self.registration.scope).href;

self.addEventListener('install', (event) => {
  // As a rule no skipWaiting: pages of the old build keep the old worker
  // until they are gone or one of them asks for the new build (see 'message').
  event.waitUntil((async () => {
    // Stamped first: an older worker tidying meanwhile must see this build as newer.
    const book = await caches.open(BUILDS);
    if (!(await book.match(buildKey(VERSION)))) await book.put(buildKey(VERSION), new Response(String(Date.now())));
    const cache = await caches.open(CACHE);
    // A file named by its content's hash (Trunk's `name-0123456789abcdef.ext`)
    // is the same wherever it comes from: the copy the page has just
    // downloaded, in the browser's HTTP cache, will do (on a first visit
    // over a phone network that halves the bytes). Every other file is
    // asked of the server afresh, so a deploy arrives whole.
    const hashed = (a) => /-[0-9a-f]{16}(?:_bg)?\.\w+$/.test(a);
    await cache.addAll(ASSETS.map((a) => new Request(a, { cache: hashed(a) ? 'default' : 'reload' })));
    // The languages chosen on this device come along, fresh: the rest wait
    // until someone chooses them.
    for (const name of await buildCaches()) {
      if (name === CACHE) continue;
      for (const req of await caches.open(name).then((c) => c.keys())) {
        if (isWords(req.url)) await cache.add(new Request(req.url, { cache: 'reload' })).catch(() => {});
      }
    }
    // A build from before the banner (it keeps no list of pages) offers
    // nothing to its pages: take over now, as that build itself would have.
    if (self.registration.active && !(await caches.has(CLIENTS))) await self.skipWaiting();
  })());
});

self.addEventListener('message', (event) => {
  // A page accepted the new build and reloads as soon as this worker is in charge.
  if (event.data?.type === 'take-over') self.skipWaiting();
  // A page has loaded: the page it replaced may be gone now, and its build with it.
  if (event.data?.type === 'loaded') event.waitUntil(tidy());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    await self.clients.claim();
    // The first build on this device: the pages open now came from the
    // network, from this same deploy.
    if ((await buildCaches()).length === 1) {
      for (const c of await self.clients.matchAll({ type: 'window' })) {
        if (!(await buildOf(c.id))) await remember(c.id, VERSION);
      }
    }
    await tidy();
  })());
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  if (req.mode === 'navigate') {
    // Every page of this site is the one index.html: this build's.
    const page = caches.open(CACHE).then((cache) => cache.match(INDEX));
    event.respondWith(page.then((hit) => hit || fetch(req)));
    event.waitUntil(page.then((hit) => hit && remember(event.resultingClientId, VERSION)));
    return;
  }
  event.respondWith(file(event));
});

/** A page's file from the cache of the page's own build, else from any build's, else the network. */
async function file(event) {
  const req = event.request;
  const build = await buildOf(event.clientId);
  // An AI worker belongs to the build of the page that starts it.
  if (req.destination === 'worker' && event.resultingClientId) {
    event.waitUntil(remember(event.resultingClientId, build ?? VERSION));
  }
  if (build) {
    const hit = await caches.open(PREFIX + build).then((c) => c.match(req));
    if (hit) return hit;
  }
  // Hashed file names are unique to their build, so any cache of this site will do.
  for (const name of await buildCaches()) {
    const hit = await caches.open(name).then((c) => c.match(req));
    if (hit) return hit;
  }
  const got = await fetch(req);
  // A language's catalogue, fetched when chosen, is kept with the build.
  if (isWords(req.url) && got.ok) {
    const keep = got.clone();
    event.waitUntil(caches.open(PREFIX + (build ?? VERSION)).then((c) => c.put(req, keep)));
  }
  return got;
}

/** A language's catalogue: `words/<tag>.txt`. */
function isWords(url) {
  return /\/words\/[\w-]+\.txt$/.test(new URL(url).pathname);
}

/** The caches of this site's builds (not the client list), this one first. */
async function buildCaches() {
  const names = (await caches.keys()).filter((k) => k.startsWith(PREFIX) && k !== CLIENTS && k !== BUILDS);
  return names.sort((a, b) => (b === CACHE) - (a === CACHE));
}

async function remember(id, version) {
  if (!id) return;
  await caches.open(CLIENTS).then((c) => c.put(clientKey(id), new Response(version)));
}

/** The build that served this client, if it is known. */
async function buildOf(id) {
  if (!id) return null;
  const hit = await caches.open(CLIENTS).then((c) => c.match(clientKey(id)));
  return hit ? hit.text() : null;
}

/**
 * Deletes the caches of older builds no open page uses, and forgets closed
 * pages. A page this worker cannot place (served before builds were
 * remembered) may use any cache, so then nothing is deleted.
 */
async function tidy() {
  const open = await self.clients.matchAll({ type: 'all' });
  const used = new Set([CACHE]);
  let unknown = false;
  for (const c of open) {
    const build = await buildOf(c.id);
    if (build) used.add(PREFIX + build);
    else if (c.type === 'window') unknown = true;
  }
  const list = await caches.open(CLIENTS);
  const live = new Set(open.map((c) => clientKey(c.id)));
  for (const req of await list.keys()) if (!live.has(req.url)) await list.delete(req);
  if (unknown) return;
  const book = await caches.open(BUILDS);
  const born = async (name) => {
    const hit = await book.match(buildKey(name.slice(PREFIX.length)));
    return hit ? Number(await hit.text()) : 0;
  };
  const mine = await born(CACHE);
  if (!mine) return;
  for (const name of await buildCaches()) {
    if (used.has(name) || (await born(name)) >= mine) continue;
    await caches.delete(name);
    await book.delete(buildKey(name.slice(PREFIX.length)));
  }
}
