// The score keeper's service worker: after one visit the page works with no network.
// At install it stores everything the page needs (the page, its scripts and styles, the
// catalogs of every language and the score tables of every preset); afterwards each of those
// is asked of the network first, so that a page online is always the server's latest, and
// read from the store when the network fails.  Publishing (a POST) is never stored: it needs
// the server, which re-scores the sheet.
// The server fills in VERSION (a digest of what is stored) and PRECACHE when it serves this
// file (ramino/server/routes/scoresheets.py), so a new server installs a new store.
const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const PREFIX = "ramino-segnapunti-";
const CACHE = PREFIX + VERSION;
const KNOWN = new Set(PRECACHE);

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE)
    .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "reload" }))))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key.startsWith(PREFIX) && key !== CACHE)
      .map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

// The page is stored once, whatever its query (?lang=…): the language is the server's choice.
function storedAs(url) {
  return url.pathname === PRECACHE[0] ? PRECACHE[0] : url.pathname + url.search;
}

async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const stored = await cache.match(key);
    if (stored) return stored;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const key = storedAs(url);
  if (!KNOWN.has(key)) return;  // only what the score keeper needs goes through here
  event.respondWith(networkFirst(request, key));
});
